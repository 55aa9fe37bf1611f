import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../shared/bridge';
import { coded } from '../../../shared/bridge';
import type { ServiceError } from '../bridge/dispatcher';
import { GatewayError, httpStatusError, type Gateway } from '../gateway';
import type { AuditInput, AuditLog } from './auditLog';
import { chainHandlers } from './chain';
import type { BackofficeDeps } from './handlers';

// Chain sync against a fake gateway: "Synced", the POS's 403 refusal (an answer, with its words),
// a lost answer (thrown, recorded as not known), and when it last ran (from the audit log).

function memoryAudit(): AuditLog & { records: AuditRecord[] } {
  const records: AuditRecord[] = [];
  return {
    records,
    record(input: AuditInput) {
      const record: AuditRecord = {
        id: records.length + 1,
        at: `2026-11-27T12:00:${String(records.length).padStart(2, '0')}.000Z`,
        terminal: 't',
        action: input.action,
        target: input.target,
        change: JSON.stringify(input.change),
        answer: input.answer,
      };
      records.push(record);
      return record;
    },
    list: ({ limit = 200, beforeId } = {}) =>
      records
        .filter((r) => beforeId === undefined || r.id < beforeId)
        .reverse()
        .slice(0, limit),
    close() {},
  };
}

function setup(answer: () => Promise<unknown>) {
  const audit = memoryAudit();
  const gateway = { syncChain: answer } as unknown as Gateway;
  const deps = { gateway, audit, dataDir: '/nonexistent', accountKey: 'demo', queue: {} as BackofficeDeps['queue'], emit: () => {} } satisfies BackofficeDeps;
  return { audit, handlers: chainHandlers(deps, () => new Date('2026-11-27T13:00:00Z')) };
}

describe('chain sync', () => {
  it('answers synced with the POS message and records it', async () => {
    const { handlers, audit } = setup(async () => ({ data: { message: 'Synced' } }));
    await expect(handlers.lastChainSync({})).resolves.toEqual({ last: null });
    await expect(handlers.syncChain({})).resolves.toEqual({ outcome: 'synced', at: '2026-11-27T13:00:00.000Z', said: 'Synced' });
    expect(audit.records[0]).toMatchObject({ action: 'chain-sync', target: 'chain', answer: { outcome: 'accepted', said: 'Synced' } });
    await expect(handlers.lastChainSync({})).resolves.toEqual({ last: { at: audit.records[0]!.at, answer: { outcome: 'accepted', said: 'Synced' } } });
  });

  it('answers a 403 (not a master) as refused with the POS words, recorded as refused', async () => {
    const said = 'Tenant "demo-child" is a child account of "demo": only the master account can sync the chain.';
    const { handlers, audit } = setup(async () => {
      throw httpStatusError({ endpoint: 'POST chains/sync', isWrite: true, status: 403, body: { error: said, code: 403, data: [] } });
    });
    await expect(handlers.syncChain({})).resolves.toEqual({ outcome: 'refused', at: '2026-11-27T13:00:00.000Z', status: 403, said });
    expect(audit.records[0]).toMatchObject({ answer: { outcome: 'refused', status: 403 } });
  });

  it('throws a lost answer as a coded error; the last run says it is not known', async () => {
    const { handlers } = setup(async () => {
      throw new GatewayError({ kind: 'outcome-unknown', endpoint: 'POST chains/sync', text: coded('timeout-write') });
    });
    const error = await handlers.syncChain({}).catch((e: unknown) => e);
    expect((error as ServiceError).info.code).toBe('timeout-write');
    expect((await handlers.lastChainSync({})).last?.answer.outcome).toBe('unknown');
  });

  it('finds the last sync behind many other records', async () => {
    const { handlers, audit } = setup(async () => ({ data: { message: 'Synced' } }));
    await handlers.syncChain({});
    for (let i = 0; i < 1_200; i++) audit.record({ action: 'stock-count', target: `w ${i}`, change: {}, answer: { outcome: 'accepted' } });
    expect((await handlers.lastChainSync({})).last?.answer).toEqual({ outcome: 'accepted', said: 'Synced' });
  });
});
