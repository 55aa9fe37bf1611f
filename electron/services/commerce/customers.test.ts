import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge';
import { DEMO_ACCOUNT, startSandbox, type RunningSandbox } from '../../sandbox';
import { controlRequest } from '../../sandbox/control/request.testing';
import { ServiceError } from '../bridge/dispatcher';
import { createGateway, type Gateway } from '../gateway';
import { customerHandlers } from './customers';
import { failureOf } from '../../../shared/testing/failureOf.testing';

// Deleting a customer against the sandbox (the vendor's stand-in): deleted at the
// POS, announced to every window; failures are codes, and nothing is announced when nothing went.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

function setup(baseUrl = sandbox.url) {
  const gateway = createGateway({ baseUrl, secrets: async () => DEMO_ACCOUNT, timeoutMs: 5_000 });
  const events: BridgeEvent[] = [];
  const handlers = customerHandlers({ gateway, dataDir: '/nonexistent', accountKey: 'test', emit: (event) => events.push(event) });
  return { gateway, events, handlers };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function aNewCustomer(gateway: Gateway): Promise<number> {
  const created = await gateway.createCustomers([{ name: 'Prueba Borrar', active: 1 }]);
  expect(created).toHaveLength(1);
  return created![0]!.id;
}

describe('deleteCustomer', () => {
  it('deletes the customer at the POS and tells every window', async () => {
    const { gateway, events, handlers } = setup();
    const id = await aNewCustomer(gateway);
    await expect(handlers.deleteCustomer({ customerId: id })).resolves.toEqual({ deleted: true });
    expect(events).toEqual([{ type: 'customer-changed', customerId: id, deleted: true }]);
    // Gone at the POS: reading it answers 404.
    await expect(gateway.getCustomer(id)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('a customer the POS no longer has: the error says so, and the windows drop it all the same', async () => {
    const { gateway, events, handlers } = setup();
    const id = await aNewCustomer(gateway);
    await handlers.deleteCustomer({ customerId: id });
    const error = await failureOf(handlers.deleteCustomer({ customerId: id }), ServiceError);
    expect(error.info.kind).toBe('not-found');
    expect(events).toHaveLength(2);
  });

  it('the vendor unreachable: an `offline` code, nothing announced', async () => {
    const { gateway } = setup();
    const id = await aNewCustomer(gateway);
    // A port nothing listens on any more: the connection is refused.
    const { events, handlers } = setup(`http://127.0.0.1:${await closedPort()}`);
    const error = await failureOf(handlers.deleteCustomer({ customerId: id }), ServiceError);
    expect(error.info, error.info.detail).toMatchObject({ kind: 'offline' });
    expect(events).toEqual([]);
    await expect(gateway.getCustomer(id)).resolves.toMatchObject({ id });
  });

  it('the connection drops after the request left: outcome unknown, nothing announced', async () => {
    const { gateway, events, handlers } = setup();
    const id = await aNewCustomer(gateway);
    expect((await controlRequest(sandbox.url, '/__sandbox/faults', { body: { offline: true } })).status).toBe(200);
    try {
      const error = await failureOf(handlers.deleteCustomer({ customerId: id }), ServiceError);
      expect(error.info.kind).toBe('outcome-unknown');
    } finally {
      await controlRequest(sandbox.url, '/__sandbox/faults', { body: {} });
    }
    expect(events).toEqual([]);
  });
});

describe('getCustomer', () => {
  it('reads the contact details the listing lacks (spec 2.4): email and phone of a synced customer', async () => {
    const { gateway, events, handlers } = setup();
    const [listed] = (await gateway.customersPage(1)).data;
    // The listing carries no email or phone…
    expect(listed).toMatchObject({ id: 1 });
    expect(listed?.email ?? null).toBeNull();
    // …the record read by id does.
    const { customer } = await handlers.getCustomer({ customerId: 1 });
    expect(customer).toEqual({
      id: 1,
      name: 'María García López',
      active: true,
      email: 'maria.garcia@example.com',
      phone: expect.stringMatching(/^\+?[\d ]{9,}$/),
    });
    expect(events).toEqual([]);
  });

  it('a customer created without contact details reads null for both; a deleted one is dropped by every window', async () => {
    const { gateway, events, handlers } = setup();
    const id = await aNewCustomer(gateway);
    await expect(handlers.getCustomer({ customerId: id })).resolves.toEqual({
      customer: { id, name: 'Prueba Borrar', active: true, email: null, phone: null },
    });
    await gateway.deleteCustomer(id);
    const error = await failureOf(handlers.getCustomer({ customerId: id }), ServiceError);
    expect(error.info.kind).toBe('not-found');
    expect(events).toEqual([{ type: 'customer-changed', customerId: id, deleted: true }]);
  });

  it('the vendor unreachable: an `offline` code, nothing announced', async () => {
    const { events, handlers } = setup(`http://127.0.0.1:${await closedPort()}`);
    const error = await failureOf(handlers.getCustomer({ customerId: 1 }), ServiceError);
    expect(error.info, error.info.detail).toMatchObject({ kind: 'offline' });
    expect(events).toEqual([]);
  });
});
