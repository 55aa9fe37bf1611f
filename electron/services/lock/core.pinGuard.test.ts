import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  guardedOperations,
  operationAccess,
  operationNames,
  type BridgeResult,
  type GuardedOperation,
  type OutboxEntry,
  type PinAttempt,
  type QueueSnapshot,
} from '../../../shared/bridge';
import { bridgeValue, coreFixture, ROOMS_PAGE, roomsOf, readQueue, seating, tableService, waitForQueue, type TestCore } from '../core.testing';
import { roundDraft } from '../queue/dispatcher.testing';
import { LOCK_FILE } from './lockService';

// docs/decisions.md, "The PIN guards the main side": with a PIN set, the main side itself refuses
// every guarded operation without a grant — and every one while the terminal is locked — before
// any handler runs: nothing is written to the queue, the audit log, the settings or the vault, and
// nothing is sent.

const fixture = coreFixture('comanda-core-pin-guard-');
const PIN = '40719';

/** An entry as an old outbox would hand it over, in the state given. */
function handedOver(state: OutboxEntry['state'], fields: Partial<OutboxEntry> = {}): OutboxEntry {
  const at = '2026-11-20T12:00:00.000Z';
  return {
    ...roundDraft(5),
    seq: 1,
    state,
    pending: state === 'accepted' ? 0 : 1,
    createdAt: at,
    updatedAt: at,
    attempts: state === 'queued' ? 0 : 1,
    lastAttemptAt: null,
    lastError: null,
    retryAt: null,
    orderId: state === 'accepted' ? 991 : null,
    afterUnconfirmed: false,
    acceptedBy: state === 'accepted' ? 'server' : null,
    conflict: false,
    resolution: null,
    ...fields,
  };
}

/**
 * A valid input for every guarded operation (the dispatcher checks the input first, so a refusal
 * as `pin-required` proves it was valid). Typed by the table: a newly guarded operation must be
 * added here.
 */
function guardedInputs(entryId: string): Record<GuardedOperation, unknown> {
  const service = tableService([7]);
  return {
    saveSettings: { account: { mode: 'demo-shop' }, syncEveryMinutes: 1 },
    testConnection: { account: { mode: 'demo' } },
    savePreferences: { lockIdleMinutes: 0 },
    markEntryDone: { entryId },
    discardEntry: { entryId },
    // A made-up seating and payment, accepted: the table would show paid with nothing sent.
    importQueue: {
      entries: [
        handedOver('accepted', { kind: 'seating', serviceId: service.id }),
        handedOver('accepted', { id: randomUUID(), seq: 2, kind: 'payment', serviceId: service.id }),
      ],
      services: [service],
      last: true,
    },
    deleteCustomer: { customerId: 1 },
    saveStockSettings: { warehouseId: 3 },
    setShopStock: { productId: 1, warehouseId: 1, quantity: 0 },
    saveShopWebhooks: { settings: { enabled: true, host: '0.0.0.0', port: 8790 }, secret: 'forged' },
    // A price set to 0,01 € at the POS.
    saveCatalogEdits: { edits: [{ kind: 'item', id: 1, priceCents: 1 }] },
    saveStockCount: { warehouseId: 1, counts: [{ itemId: 1, expected: 0, counted: 999 }] },
    receivePurchaseOrder: {
      purchaseOrderId: 1,
      reference: 'PO-1',
      warehouseId: 1,
      warehouseName: 'Main',
      lines: [{ entryId: randomUUID(), lineId: 1, itemId: 1, itemName: 'Flour', quantity: 1_000 }],
    },
    saveVendor: { vendor: { name: 'Fake', address: 'Nowhere 1', nif: 'B00000000' } },
    deleteVendor: { id: 1 },
    saveVendorItems: { vendorId: 1, items: [{ itemId: 1, costCents: 1, pack: 1 }] },
    removeVendorItems: { vendorId: 1, itemIds: [1] },
    syncChain: {},
  };
}

/** Everything a guarded operation could change, as read through the bridge and from the files. */
async function everything(terminal: TestCore, entryId: string) {
  const files = Object.fromEntries(
    await Promise.all(
      ['settings.json', LOCK_FILE, 'credentials.json'].map(
        async (name) => [name, await readFile(join(terminal.dataDir, name), 'utf8').catch(() => null)] as const,
      ),
    ),
  );
  const ledger = (await (await fetch(`${terminal.core.sandboxUrl}/__sandbox/ledger`)).json()) as unknown;
  return {
    queue: withoutRevisionNoise(await readQueue(terminal)),
    entry: bridgeValue(await terminal.call('getEntries', { ids: [entryId] })),
    audit: bridgeValue(await terminal.call('listAudit', {})),
    settings: bridgeValue(await terminal.call('getSettings')),
    preferences: bridgeValue(await terminal.call('getPreferences')),
    stock: bridgeValue(await terminal.call('getStockSettings')),
    accountKey: terminal.core.accountKey,
    files,
    ledger,
  };
}

function withoutRevisionNoise(queue: QueueSnapshot) {
  return { revision: queue.revision, entries: queue.entries, services: queue.services };
}

const withGrant = (terminal: TestCore, name: string, input: unknown, grant: string | undefined): Promise<BridgeResult<unknown>> =>
  terminal.core.dispatcher.dispatch(name, input, { accountKey: terminal.core.accountKey, ...(grant ? { grant } : {}) });

/** A seated table whose entries were accepted by the demo venue, and one of its entries. */
async function seatedTerminal(): Promise<{ terminal: TestCore; entryId: string }> {
  const terminal = await fixture.start({ mode: 'demo' });
  const rooms = roomsOf(await terminal.call('fetchSyncPages', ROOMS_PAGE));
  const seated = seating([rooms[0]!.tables[0]!.id]);
  bridgeValue(await terminal.call('seatService', seated));
  await waitForQueue(terminal, (queue) => queue.entries.length === 2 && queue.entries.every((entry) => entry.state === 'accepted'), 'the seating accepted');
  // A back-office write before the PIN: the audit log holds a record the refused calls must leave alone.
  expect(await terminal.call('saveVendor', { vendor: { name: 'Harinas Sol', address: 'Calle Mayor 1', nif: 'B12345678' } })).toMatchObject({ ok: true });
  expect(bridgeValue<{ records: unknown[] }>(await terminal.call('listAudit', {})).records).toHaveLength(1);
  return { terminal, entryId: seated.drafts[0]!.id };
}

describe('the PIN guards the main side', () => {
  it('classifies every operation', () => {
    expect(Object.keys(operationAccess).sort()).toEqual([...operationNames].sort());
    // The calls seen succeeding on a locked terminal with no PIN.
    for (const name of ['saveSettings', 'savePreferences', 'discardEntry', 'markEntryDone', 'saveVendor', 'saveCatalogEdits', 'importQueue'] as const) {
      expect(guardedOperations).toContain(name);
    }
  });

  it('refuses every guarded operation on a locked terminal, grant or not: nothing is written or sent', async () => {
    const { terminal, entryId } = await seatedTerminal();
    const inputs = guardedInputs(entryId);
    const granted = bridgeValue<PinAttempt>(await terminal.call('setPin', { pin: PIN }));
    expect(bridgeValue(await terminal.call('lockTerminal'))).toMatchObject({ locked: true });
    const before = await everything(terminal, entryId);

    // A grant typed while locked does not open a guarded call either: unlock first.
    const whileLocked = bridgeValue<PinAttempt>(await terminal.call('verifyPin', { pin: PIN, purpose: 'session' }));
    expect(whileLocked).toMatchObject({ result: 'ok', lock: { locked: true }, grant: { kind: 'session' } });
    for (const name of guardedOperations) {
      for (const grant of [undefined, granted.grant!.id, whileLocked.grant!.id]) {
        const answer = await withGrant(terminal, name, inputs[name], grant);
        expect(answer, `${name} with ${grant ? 'a grant' : 'no grant'}`).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'pin-required' } });
      }
    }
    expect(await everything(terminal, entryId)).toEqual(before);

    // The lock's own calls, reads and the waiter's ordering calls still pass.
    expect(bridgeValue(await terminal.call('getQueue'))).toBeTruthy();
    const round = roundDraft(before.queue.services[0]!.primaryTableId, { serviceId: before.queue.services[0]!.id });
    expect(await terminal.call('submitEntry', { draft: round })).toMatchObject({ ok: true, value: { entry: { state: 'queued' } } });
    expect(bridgeValue(await terminal.call('getLockState'))).toMatchObject({ locked: true });
  }, 60_000);

  it('refuses every guarded operation on an unlocked terminal without a grant, or with a spent or expired one', async () => {
    const { terminal, entryId } = await seatedTerminal();
    const inputs = guardedInputs(entryId);
    bridgeValue(await terminal.call('setPin', { pin: PIN }));
    const before = await everything(terminal, entryId);
    for (const name of guardedOperations) {
      const answer = await withGrant(terminal, name, inputs[name], undefined);
      expect(answer, name).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'pin-required' } });
      const forged = await withGrant(terminal, name, inputs[name], 'A'.repeat(43));
      expect(forged, name).toMatchObject({ ok: false, error: { code: 'pin-required' } });
    }
    expect(await everything(terminal, entryId)).toEqual(before);

    // One action grant: one guarded call, then refused again.
    const action = bridgeValue<PinAttempt>(await terminal.call('verifyPin', { pin: PIN, purpose: 'action' })).grant!;
    expect(await withGrant(terminal, 'savePreferences', { theme: 'dark' }, action.id)).toMatchObject({ ok: true, value: { theme: 'dark' } });
    expect(await withGrant(terminal, 'savePreferences', { theme: 'light' }, action.id)).toMatchObject({ ok: false, error: { code: 'pin-required' } });

    // A session serves several; locking ends it.
    const session = bridgeValue<PinAttempt>(await terminal.call('verifyPin', { pin: PIN, purpose: 'session' })).grant!;
    expect(await withGrant(terminal, 'savePreferences', { theme: 'light' }, session.id)).toMatchObject({ ok: true });
    expect(await withGrant(terminal, 'saveStockSettings', { warehouseId: null }, session.id)).toMatchObject({ ok: true });
    bridgeValue(await terminal.call('lockTerminal'));
    bridgeValue(await terminal.call('verifyPin', { pin: PIN }));
    expect(await withGrant(terminal, 'savePreferences', { theme: 'dark' }, session.id)).toMatchObject({ ok: false, error: { code: 'pin-required' } });
  }, 60_000);

  it('lets everything through when no PIN is set, as before', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    expect(await terminal.call('savePreferences', { lockIdleMinutes: 0 })).toMatchObject({ ok: true });
    expect(await terminal.call('saveStockSettings', { warehouseId: null })).toMatchObject({ ok: true });
  });

  it('a grant from before a restart opens nothing after it', async () => {
    const first = await fixture.start({ mode: 'demo' });
    bridgeValue(await first.call('setPin', { pin: PIN }));
    const session = bridgeValue<PinAttempt>(await first.call('verifyPin', { pin: PIN, purpose: 'session' })).grant!;
    await first.core.close();
    const second = await fixture.start({ mode: 'demo' }, first.dataDir);
    expect(await withGrant(second, 'savePreferences', { theme: 'dark' }, session.id)).toMatchObject({ ok: false, error: { code: 'pin-required' } });
  });
});

describe('the old outbox is handed over once, and never as accepted', () => {
  it('takes pending entries only, and no hand-off after the last', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    const service = tableService([9]);
    const accepted = handedOver('accepted', { kind: 'seating', tableIds: [9], serviceId: service.id });
    const resolved = handedOver('rejected', { id: randomUUID(), seq: 2, pending: 0, resolution: 'marked-done', serviceId: service.id });
    const waiting = handedOver('unconfirmed', { id: randomUUID(), seq: 3, serviceId: service.id });
    const answer = bridgeValue(await terminal.call('importQueue', { entries: [accepted, resolved, waiting], services: [service] }));
    expect(answer).toEqual({ entries: 1, services: 1, skipped: 2 });
    expect(
      bridgeValue<{ entries: OutboxEntry[] }>(await terminal.call('getEntries', { ids: [accepted.id, resolved.id, waiting.id] })).entries.map((e) => e.id),
    ).toEqual([waiting.id]);

    expect(bridgeValue(await terminal.call('importQueue', { entries: [], services: [], last: true }))).toEqual({ entries: 0, services: 0, skipped: 0 });
    const later = handedOver('queued', { id: randomUUID(), seq: 4 });
    expect(await terminal.call('importQueue', { entries: [later], services: [] })).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'queue-import-closed' },
    });
    expect(bridgeValue<{ entries: OutboxEntry[] }>(await terminal.call('getEntries', { ids: [later.id] })).entries).toEqual([]);

    // Closed for good: a restart does not open it again.
    await terminal.core.close();
    const again = await fixture.start({ mode: 'demo' }, terminal.dataDir);
    expect(await again.call('importQueue', { entries: [later], services: [] })).toMatchObject({ ok: false, error: { code: 'queue-import-closed' } });
  });
});

describe('a disk that refuses writes answers storage, not internal', () => {
  it('for settings, preferences and the PIN', async () => {
    const terminal = await fixture.start({ mode: 'demo' });
    // A folder where the file goes: the rename over it fails, as a full disk's write would.
    await mkdir(join(terminal.dataDir, 'settings.json', 'blocked'), { recursive: true });
    await mkdir(join(terminal.dataDir, LOCK_FILE, 'blocked'), { recursive: true });
    expect(await terminal.call('savePreferences', { theme: 'dark' })).toMatchObject({ ok: false, error: { kind: 'storage', code: 'file-not-saved' } });
    expect(bridgeValue(await terminal.call('getPreferences'))).toMatchObject({ theme: 'system' });
    expect(await terminal.call('saveSettings', { account: { mode: 'demo' }, syncEveryMinutes: 30 })).toMatchObject({
      ok: false,
      error: { kind: 'storage', code: 'file-not-saved' },
    });
    expect(await terminal.call('setPin', { pin: PIN })).toMatchObject({ ok: false, error: { kind: 'storage', code: 'file-not-saved' } });
    expect(bridgeValue(await terminal.call('getLockState'))).toMatchObject({ pinSet: false });
  });

  it('says in the lock state that a damaged lock file left the terminal without a PIN', async () => {
    const first = await fixture.start({ mode: 'demo' });
    bridgeValue(await first.call('setPin', { pin: PIN }));
    await first.core.close();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(first.dataDir, LOCK_FILE), '{"version":2,');
    const second = await fixture.start({ mode: 'demo' }, first.dataDir);
    expect(bridgeValue(await second.call('getLockState'))).toMatchObject({ pinSet: false, locked: false, damaged: true });
    expect(second.logged.join('\n')).toMatch(/lock\.json\.damaged/);
  });
});
