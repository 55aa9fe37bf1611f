import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bridgeOperations, isOperationName, operationNames } from './operations';

/** Every property name an output schema can produce, at any depth. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, into));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((k) => into.add(k));
      propertyNames(value, into);
    }
  }
  return into;
}

describe('bridge operation table', () => {
  it('never sends a secret back to the renderer (credentials are write-only)', () => {
    for (const name of operationNames) {
      const names = propertyNames(z.toJSONSchema(bridgeOperations[name].output, { io: 'output', unrepresentable: 'any' }));
      for (const secret of ['accessToken', 'integratorToken', 'token', 'password', 'client-token']) {
        expect(names.has(secret), `${name} output exposes ${secret}`).toBe(false);
      }
    }
  });

  it('accepts the secrets on the way in', () => {
    const parsed = bridgeOperations.saveSettings.input.safeParse({
      account: { mode: 'account', environment: 'custom', baseUrl: 'http://127.0.0.1:8787', imagesUrl: 'http://127.0.0.1:8787', tenant: 'demo' },
      syncEveryMinutes: 5,
      secrets: { accessToken: 'a', integratorToken: 'c' },
    });
    expect(parsed.success).toBe(true);
  });

  it('knows its operations and nothing inherited', () => {
    expect(operationNames.length).toBeGreaterThan(0);
    for (const name of operationNames) expect(isOperationName(name)).toBe(true);
    expect(isOperationName('constructor')).toBe(false);
    expect(isOperationName('__proto__')).toBe(false);
  });
});

describe('operations whose answer counts after an account switch (queueWriteOperations)', () => {
  it('are the committing queue writes and a purchase order receipt, never a read', async () => {
    const { queueWriteOperations } = await import('./queue');
    for (const name of ['submitEntry', 'seatService', 'markEntryDone', 'discardEntry', 'importQueue', 'receivePurchaseOrder'])
      expect(queueWriteOperations.has(name), name).toBe(true);
    for (const name of ['getQueue', 'getEntries', 'exportPending', 'getMostSold', 'listPurchaseOrders', 'saveStockCount'])
      expect(queueWriteOperations.has(name), name).toBe(false);
    for (const name of queueWriteOperations) expect(isOperationName(name), name).toBe(true);
  });
});
