import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxApp } from './app';
import { restoreState, serializeState, StateFileError, StateSaver } from './persistence';
import { demoHeaders } from './testing';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('serializeState / restoreState', () => {
  it('round-trips every account (records, id counters) and the ledger', async () => {
    const app = createSandboxApp();
    await app.request('/api/external/v2/customers', {
      method: 'POST',
      headers: { ...demoHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'Ana', active: 1 }]),
    });
    app.state.ledger.push({ kind: 'flow', tenant: 'demo', receivedAt: '2025-01-01T00:00:00.000Z', orderId: 1, payload: { a: 1 } });
    const restored = restoreState(serializeState(app.state));
    expect([...restored.accounts.keys()]).toEqual([...app.state.accounts.keys()]);
    for (const [tenant, account] of app.state.accounts) expect(restored.account(tenant)).toEqual(account);
    expect(restored.ledger).toEqual(app.state.ledger);
    expect(restored.children('demo').map((a) => a.tenant)).toEqual(['demo-child']);
  });

  it.each([
    ['not JSON', 'nope', /not valid JSON/],
    ['a foreign document', '{"format":"other","version":1,"accounts":[],"ledger":[]}', /not a sandbox state file \(format/],
    ['another version', JSON.stringify({ format: 'comanda-sandbox-state', version: 2, accounts: [], ledger: [] }), /version/],
    ['accounts that are not objects', JSON.stringify({ format: 'comanda-sandbox-state', version: 1, accounts: [1], ledger: [] }), /accounts\.0/],
  ])('refuses %s with a StateFileError', (_name, text, message) => {
    expect(() => restoreState(text)).toThrow(StateFileError);
    expect(() => restoreState(text)).toThrow(message);
  });

  it('refuses a file whose child names an unknown master', () => {
    const doc = JSON.parse(serializeState(createSandboxApp().state)) as { accounts: { tenant: string; master: string | null }[] };
    doc.accounts = doc.accounts.filter((a) => a.tenant !== 'demo');
    expect(() => restoreState(JSON.stringify(doc))).toThrow(/unknown master/);
  });
});

// The atomic write itself is the shared helper's (electron/services/files/atomicWrite.test.ts).
describe('StateSaver', () => {
  it('replaces the file in one step and leaves no temp file', async () => {
    const file = join(dir, 'state.json');
    const app = createSandboxApp();
    const saver = new StateSaver(file, () => app.state);
    saver.schedule();
    await saver.flush();
    app.state.ledger.push({ kind: 'flow', tenant: 'demo', receivedAt: '', orderId: 1, payload: null });
    saver.schedule();
    await saver.flush();
    expect((JSON.parse(readFileSync(file, 'utf8')) as { ledger: unknown[] }).ledger).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('does not create a missing folder, and leaves no temp file when a save fails', async () => {
    const saver = new StateSaver(join(dir, 'missing-folder', 'state.json'), () => createSandboxApp().state);
    saver.schedule();
    await expect(saver.flush()).rejects.toThrow(/cannot save the state/);
    const overFolder = new StateSaver(dir, () => createSandboxApp().state); // renaming a file over a folder fails
    overFolder.schedule();
    await expect(overFolder.flush()).rejects.toThrow(/cannot save the state/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('coalesces a burst: one write in flight, one queued, and the last one holds the latest state', async () => {
    const file = join(dir, 'state.json');
    const app = createSandboxApp();
    let serializations = 0;
    const saver = new StateSaver(file, () => {
      serializations++;
      return app.state;
    });
    for (let i = 0; i < 50; i++) {
      app.state.ledger.push({ kind: 'flow', tenant: 'demo', receivedAt: '', orderId: i, payload: null });
      saver.schedule();
    }
    await saver.flush();
    expect(serializations).toBeLessThanOrEqual(2);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { ledger: unknown[] }).ledger).toHaveLength(50);
  });

  it('reports a failed save through onError and flush()', async () => {
    const errors: unknown[] = [];
    const saver = new StateSaver(
      join(dir, 'no', 'such', 'state.json'),
      () => createSandboxApp().state,
      (e) => errors.push(e),
    );
    saver.schedule();
    await expect(saver.flush()).rejects.toThrow(/cannot save the state/);
    expect(errors).toHaveLength(1);
  });
});
