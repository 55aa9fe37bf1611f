import { describe, expect, it } from 'vitest';
import type { BridgeEvent, CatalogEdit } from '../../../shared/bridge';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError, type Gateway } from '../gateway';
import { httpStatusError } from '../gateway/errors';
import type { AuditInput, AuditLog } from './auditLog';
import { saveCatalogEdits } from './catalogEdits';
import type { BackofficeDeps } from './handlers';

type Write = { resource: string; records: Array<Record<string, unknown>> };

/** A gateway whose catalog writes are answered by `answer` (one call per write, in order). */
function fakeDeps(answer: (write: Write, n: number) => unknown = () => null) {
  const writes: Write[] = [];
  const audits: AuditInput[] = [];
  const events: BridgeEvent[] = [];
  const writer = (resource: string) => ({
    writeMany: async (records: Array<Record<string, unknown>>) => {
      const write = { resource, records: structuredClone(records) };
      writes.push(write);
      const result = answer(write, writes.length);
      if (result instanceof Error) throw result;
      return result;
    },
  });
  const gateway = {
    catalog: { groups: writer('groups'), categories: writer('categories'), items: writer('items'), modifiers: writer('modifiers') },
  } as unknown as Gateway;
  const audit: AuditLog = {
    record: (input) => {
      audits.push(input);
      return {
        id: audits.length,
        at: '',
        terminal: 't',
        action: input.action,
        target: input.target,
        change: JSON.stringify(input.change),
        answer: input.answer,
      };
    },
    list: () => [],
    close: () => {},
  };
  const deps = { gateway, audit, emit: (event: BridgeEvent) => events.push(event), dataDir: '', accountKey: 'a', queue: {} } as unknown as BackofficeDeps;
  return { deps, writes, audits, events };
}

/** The sandbox's 422 for a refused multi-record write (electron/sandbox/catalog/routes.ts). */
const sandbox422 = (message: string) =>
  httpStatusError({ endpoint: 'POST catalog/items (items[])', isWrite: true, status: 422, body: { error: message, code: 422, data: [] } });

describe('saveCatalogEdits', () => {
  it('sends one multi-record write per resource, parents first, with id + the changed fields only, and audits each', async () => {
    const { deps, writes, audits, events } = fakeDeps();
    const edits: CatalogEdit[] = [
      { kind: 'item', id: 12, priceCents: 350 },
      { kind: 'modifier', id: 4, priceCents: 0, active: false },
      { kind: 'item', id: 14, priceCents: 1_290, allergens: [13, 1] },
      { kind: 'group', id: 2, name: '  Bebidas  ' },
      { kind: 'item', id: 15, buttonName: '', photo: 'items/15.jpg', active: true },
    ];
    const result = await saveCatalogEdits(deps, edits);
    expect(result).toEqual({
      outcome: 'saved',
      saved: [
        { kind: 'group', id: 2 },
        { kind: 'item', id: 12 },
        { kind: 'item', id: 14 },
        { kind: 'item', id: 15 },
        { kind: 'modifier', id: 4 },
      ],
    });
    expect(writes).toEqual([
      { resource: 'groups', records: [{ id: 2, name: 'Bebidas' }] },
      {
        resource: 'items',
        records: [
          { id: 12, price: '3.50' },
          { id: 14, price: '12.90', allergies: '1;13' },
          { id: 15, active: 1, buttonName: null, photo: 'items/15.jpg' },
        ],
      },
      { resource: 'modifiers', records: [{ id: 4, price: '0.00', active: 0 }] },
    ]);
    expect(audits.map((a) => [a.action, a.target, a.answer.outcome])).toEqual([
      ['catalog-edit', 'groups 2', 'accepted'],
      ['catalog-edit', 'items 12, 14, 15', 'accepted'],
      ['catalog-edit', 'modifiers 4', 'accepted'],
    ]);
    expect(audits[1]!.change).toEqual({ items: writes[1]!.records });
    // Every window is told what was accepted, write by write.
    expect(events.map((e) => (e.type === 'catalog-edited' ? e.edits.map((x) => `${x.kind}/${x.id}`) : e.type))).toEqual([
      ['group/2'],
      ['item/12', 'item/14', 'item/15'],
      ['modifier/4'],
    ]);
  });

  it('splits a resource under the request limit, keeping every record once and in order', async () => {
    const { deps, writes, audits } = fakeDeps();
    const edits: CatalogEdit[] = Array.from({ length: 40 }, (_, i) => ({ kind: 'item', id: i + 1, name: `Item ${'x'.repeat(50)} ${i + 1}` }));
    const maxRequestBytes = 800;
    const result = await saveCatalogEdits(deps, edits, { maxRequestBytes });
    expect(result.outcome).toBe('saved');
    expect(writes.length).toBeGreaterThan(3);
    for (const write of writes) expect(new TextEncoder().encode(JSON.stringify({ items: write.records })).length).toBeLessThanOrEqual(maxRequestBytes);
    expect(writes.flatMap((w) => w.records.map((r) => r.id))).toEqual(edits.map((e) => e.id));
    expect(audits).toHaveLength(writes.length);
  });

  it('a save of 2,000 edits goes in writes of at most 1,000 records (the sandbox refuses more), in order', async () => {
    const { deps, writes, audits } = fakeDeps();
    const edits: CatalogEdit[] = Array.from({ length: 2_000 }, (_, i) => ({ kind: 'item', id: i + 1, priceCents: 100 + i }));
    const result = await saveCatalogEdits(deps, edits);
    expect(result.outcome).toBe('saved');
    expect(writes.map((w) => w.records.length)).toEqual([1_000, 1_000]);
    expect(writes.flatMap((w) => w.records.map((r) => r.id))).toEqual(edits.map((e) => e.id));
    expect(audits).toHaveLength(2);
  });

  it('checks everything first: one bad field and nothing is sent, each problem on its record and field', async () => {
    const { deps, writes, audits, events } = fakeDeps();
    const result = await saveCatalogEdits(deps, [
      { kind: 'item', id: 1, priceCents: 250 },
      { kind: 'item', id: 2, name: '   ', priceCents: -1 },
      { kind: 'item', id: 3, allergens: [1, 14] },
      { kind: 'category', id: 5 },
      { kind: 'modifier', id: 6, priceCents: 100_000_001 },
    ]);
    expect(result).toEqual({
      outcome: 'invalid',
      problems: [
        { kind: 'item', id: 2, field: 'name', code: 'name-empty' },
        { kind: 'item', id: 2, field: 'price', code: 'price-negative' },
        { kind: 'item', id: 3, field: 'allergens', code: 'allergen-unknown' },
        { kind: 'category', id: 5, field: 'record', code: 'nothing-changed' },
        { kind: 'modifier', id: 6, field: 'price', code: 'price-too-high' },
      ],
    });
    expect(writes).toEqual([]);
    expect(audits).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a refused write: the server words per field on the records sent, nothing announced, audited as refused', async () => {
    const { deps, audits, events } = fakeDeps(() =>
      sandbox422('Invalid item data: items[1].price: must be a number, got "x"; items[2].id: unknown item id 99. Nothing was written.'),
    );
    const result = await saveCatalogEdits(deps, [
      { kind: 'item', id: 12, priceCents: 350 },
      { kind: 'item', id: 14, priceCents: 100 },
      { kind: 'item', id: 99, name: 'Gone' },
    ]);
    expect(result).toMatchObject({
      outcome: 'refused',
      saved: [],
      refused: [
        { kind: 'item', id: 12 },
        { kind: 'item', id: 14 },
        { kind: 'item', id: 99 },
      ],
      problems: [
        { kind: 'item', id: 14, field: 'price', code: 'server', said: 'must be a number, got "x"' },
        { kind: 'item', id: 99, field: 'record', code: 'server', said: 'unknown item id 99' },
      ],
      status: 422,
    });
    expect(events).toEqual([]);
    expect(audits.map((a) => [a.answer.outcome, a.answer.status])).toEqual([['refused', 422]]);
  });

  it('reads the per-field words of a Laravel-style body (`data` keyed by path)', async () => {
    const refused = httpStatusError({
      endpoint: 'POST catalog/items (items[])',
      isWrite: true,
      status: 422,
      body: { error: 'The given data was invalid.', code: 0, data: { 'items.1.allergies': ['The allergies format is invalid.'] } },
    });
    const { deps } = fakeDeps(() => refused);
    const result = await saveCatalogEdits(deps, [
      { kind: 'item', id: 1, name: 'A' },
      { kind: 'item', id: 2, allergens: [3] },
    ]);
    expect(result).toMatchObject({
      outcome: 'refused',
      said: 'The given data was invalid.',
      problems: [{ kind: 'item', id: 2, field: 'allergens', code: 'server', said: 'The allergies format is invalid.' }],
    });
  });

  it('a later write refused after an earlier one was accepted: says exactly which records were saved', async () => {
    const { deps, events, audits } = fakeDeps((write) =>
      write.resource === 'items' ? sandbox422('Invalid item data: items[0].name: is required and cannot be empty.') : null,
    );
    const result = await saveCatalogEdits(deps, [
      { kind: 'item', id: 12, name: 'x' },
      { kind: 'category', id: 3, active: false },
      { kind: 'modifier', id: 4, active: true },
    ]);
    expect(result).toMatchObject({
      outcome: 'refused',
      saved: [{ kind: 'category', id: 3 }],
      refused: [
        { kind: 'item', id: 12 },
        { kind: 'modifier', id: 4 },
      ],
      problems: [{ kind: 'item', id: 12, field: 'name', code: 'server' }],
    });
    expect(events).toHaveLength(1);
    expect(audits.map((a) => a.answer.outcome)).toEqual(['accepted', 'refused']);
  });

  it('offline before anything was saved: a coded error; after a saved write: `interrupted` with what was saved and what is unsure', async () => {
    const offline = new GatewayError({ kind: 'offline', endpoint: 'POST catalog/items', text: { code: 'offline' } });
    const first = fakeDeps(() => offline);
    await expect(saveCatalogEdits(first.deps, [{ kind: 'item', id: 1, active: false }])).rejects.toBeInstanceOf(ServiceError);
    expect(first.audits.map((a) => a.answer.outcome)).toEqual(['failed']);

    const lost = new GatewayError({ kind: 'outcome-unknown', endpoint: 'POST catalog/items', text: { code: 'connection-broke-write' } });
    const second = fakeDeps((_write, n) => (n === 2 ? lost : null));
    const result = await saveCatalogEdits(second.deps, [
      { kind: 'group', id: 1, active: false },
      { kind: 'item', id: 7, priceCents: 100 },
      { kind: 'modifier', id: 8, priceCents: 100 },
    ]);
    expect(result).toMatchObject({
      outcome: 'interrupted',
      saved: [{ kind: 'group', id: 1 }],
      unsure: [{ kind: 'item', id: 7 }],
      error: { kind: 'outcome-unknown', code: 'connection-broke-write' },
    });
    expect(second.events).toHaveLength(1);
    expect(second.audits.map((a) => a.answer.outcome)).toEqual(['accepted', 'unknown']);
  });
});
