import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeResult, ShopCustomer } from '../../../shared/bridge';
import { DEMO_SHOP } from '../../sandbox/retail';
import { SHOP } from '../../sandbox/retail/seed/shopCatalog';
import { createDispatcher, ServiceError } from '../bridge/dispatcher';
import { testHandlers } from '../bridge/handlers.testing';
import { createRetailGateway } from './gateway';
import { createRetailLimiter } from './limiter';
import { customerFieldOf } from './shopCustomers';
import { createShopHandlers } from './shopHandlers';
import { useDemoShopSandbox } from '../../sandbox/retail/demoShop.testing';

// The till's customer operations (createShopCustomer, updateShopCustomer) through
// the bridge's dispatcher (input checked by the operation's schema, failures as codes) and the
// retail gateway, against the retail sandbox serving the demo shop — its API is the referee.

const sandbox = useDemoShopSandbox({ resetEach: true });

function dispatcherFor(baseUrl: string) {
  const gateway = createRetailGateway({
    baseUrl,
    username: DEMO_SHOP.username,
    token: async () => DEMO_SHOP.accessToken,
    limiter: createRetailLimiter(),
    timeoutMs: 10_000,
  });
  const dispatcher = createDispatcher(testHandlers(createShopHandlers({ gateway })));
  return (name: string, input: unknown) => dispatcher.dispatch(name, input, {});
}

const call = (name: string, input: unknown) => dispatcherFor(sandbox().url)(name, input);

/** The sandbox's own list of the shop's customers (GET config/customers, every page). */
async function customersAtSandbox(): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const answer = await fetch(`${sandbox().url}/api/external/config/customers?page=${page}&pagination=200`, {
      headers: { username: DEMO_SHOP.username, authorization: `Bearer ${DEMO_SHOP.accessToken}` },
    });
    const body = (await answer.json()) as { data: Array<Record<string, unknown>>; last_page: number };
    all.push(...body.data);
    if (page >= body.last_page) return all;
  }
}

function valueOf<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value as T;
}

function errorOf(result: BridgeResult<unknown>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('createShopCustomer / updateShopCustomer against the retail sandbox', () => {
  it('creates a customer: the sandbox lists it, the answer is the record as the till stores it', async () => {
    const { customer } = valueOf<{ customer: ShopCustomer }>(
      await call('createShopCustomer', {
        customer: {
          name: 'Marta Soler Puig',
          address: 'Carrer de Provença 200',
          postalCode: '08008',
          city: 'Barcelona',
          email: 'marta@example.com',
          phone: '600 123 456',
          nif: '12345678Z',
        },
      }),
    );
    expect(customer).toMatchObject({
      name: 'Marta Soler Puig',
      address: 'Carrer de Provença 200',
      postalCode: '08008',
      city: 'Barcelona',
      email: 'marta@example.com',
      phone: '600 123 456',
      nif: '12345678Z',
      maxCredit: null,
      price_rate_id: null,
    });
    expect(customer.id).toBeGreaterThan(40);
    const listed = (await customersAtSandbox()).find((c) => c.id === customer.id);
    expect(listed).toMatchObject({ name: 'Marta Soler Puig', address: 'Carrer de Provença 200', nif: '12345678Z' });
  });

  it('a customer without an address is refused before anything is sent, the field named', async () => {
    const before = (await customersAtSandbox()).length;
    const error = errorOf(await call('createShopCustomer', { customer: { name: 'Sense Adreça' } }));
    expect(error).toMatchObject({ kind: 'invalid-input', code: 'invalid-input', params: { fields: 'customer.address' } });
    const blank = errorOf(await call('createShopCustomer', { customer: { name: 'Sense Adreça', address: '   ' } }));
    expect(blank).toMatchObject({ kind: 'invalid-input', params: { fields: 'customer.address' } });
    // Past the bridge, the gateway checks again before sending: the same field named, as `invalid`.
    const gateway = createRetailGateway({
      baseUrl: sandbox().url,
      username: DEMO_SHOP.username,
      token: async () => DEMO_SHOP.accessToken,
      limiter: createRetailLimiter(),
      timeoutMs: 10_000,
    });
    const thrown = await createShopHandlers({ gateway })
      .createShopCustomer({ customer: { name: 'Sense Adreça', address: ' ' } })
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ServiceError);
    expect((thrown as ServiceError).info).toMatchObject({ kind: 'invalid', code: 'request-invalid', params: { fields: 'address' } });
    expect(await customersAtSandbox()).toHaveLength(before);
  });

  it("the shop's 422 reaches the renderer with its words (the sandbox names no field)", async () => {
    const error = errorOf(await call('createShopCustomer', { customer: { name: 'Correu Dolent', address: 'Carrer 1', email: 'no-es-un-correu' } }));
    expect(error).toMatchObject({ kind: 'invalid', code: 'server-rejected', params: { status: 422, said: 'The given data was invalid.' } });
    expect(error.params).not.toHaveProperty('fields');
  });

  it('PATCHes only what changed: the phone changes at the sandbox, the rest stays', async () => {
    const before = (await customersAtSandbox()).find((c) => c.id === 3)!;
    const { customer } = valueOf<{ customer: ShopCustomer | null }>(await call('updateShopCustomer', { customerId: 3, changes: { phone: '699 000 111' } }));
    expect(customer).toMatchObject({ id: 3, phone: '699 000 111', name: before.name, address: before.address });
    const after = (await customersAtSandbox()).find((c) => c.id === 3)!;
    expect(after).toEqual({ ...before, phone: '699 000 111', updated_at: expect.any(String) });
  });

  it('a member keeps their price rate through a PATCH (read as `price_rate_id`)', async () => {
    const member = (await customersAtSandbox()).find((c) => c.id === 1)!;
    expect(member.price_rate_id).toBe(SHOP.priceRate.members);
    const { customer } = valueOf<{ customer: ShopCustomer | null }>(
      await call('updateShopCustomer', { customerId: 1, changes: { notes: 'Soci des de 2019' } }),
    );
    expect(customer).toMatchObject({ id: 1, notes: 'Soci des de 2019', price_rate_id: SHOP.priceRate.members });
  });

  it('refuses a PATCH with nothing in it, or blanking the name, and says an unknown customer is not there', async () => {
    expect(errorOf(await call('updateShopCustomer', { customerId: 3, changes: {} }))).toMatchObject({ kind: 'invalid-input' });
    expect(errorOf(await call('updateShopCustomer', { customerId: 3, changes: { name: ' ' } }))).toMatchObject({
      kind: 'invalid-input',
      params: { fields: 'changes.name' },
    });
    expect(errorOf(await call('updateShopCustomer', { customerId: 99_999, changes: { phone: '600000000' } }))).toMatchObject({ kind: 'not-found' });
  });

  it('offline: nothing reached the shop, said as `offline`', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const error = errorOf(await dispatcherFor(`http://127.0.0.1:${port}`)('createShopCustomer', { customer: { name: 'Sense Connexió', address: 'Carrer 1' } }));
    expect(error.kind).toBe('offline');
  });
});

describe("a 422 that names its fields (a real shop's server)", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: 'The given data was invalid.',
            code: 0,
            data: {
              address: ['The address field is required.'],
              'customer.email': ['The email must be a valid email address.'],
              postalCode: [],
              extra_id: ['Taken.'],
            },
          }),
        );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('carries each field and its words as `said<Field>` parameters', async () => {
    const error = errorOf(await dispatcherFor(url)('createShopCustomer', { customer: { name: 'X', address: 'Y', email: 'x@example.com' } }));
    expect(error).toMatchObject({ kind: 'invalid', code: 'server-rejected' });
    expect(error.params).toMatchObject({
      status: 422,
      said: 'The given data was invalid.',
      fields: 'address, email, postalCode, extra_id',
      saidAddress: 'The address field is required.',
      saidEmail: 'The email must be a valid email address.',
      saidExtraId: 'Taken.',
    });
    expect(error.params).not.toHaveProperty('saidPostalCode');
  });

  it('matches a path to its §2.4 field', () => {
    expect(customerFieldOf('address')).toBe('address');
    expect(customerFieldOf('customer.postalCode')).toBe('postalCode');
    expect(customerFieldOf('data[0].email')).toBe('email');
    expect(customerFieldOf('order_contents.0.total')).toBeNull();
  });
});
