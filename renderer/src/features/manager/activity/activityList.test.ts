import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../../../shared/bridge';
import { mergeRecords, readableChange } from './activityList';

const record = (id: number, target = `t${id}`): AuditRecord => ({
  id,
  at: '2026-11-27T10:00:00.000Z',
  terminal: 'bar-1 · browser',
  action: 'catalog-edit',
  target,
  change: '{}',
  answer: { outcome: 'accepted' },
});

describe('the Activity list', () => {
  it('keeps each record once, newest first, whether its event came before or after the read', () => {
    const read = [record(3), record(2), record(1)];
    expect(mergeRecords(read, [record(4), record(3, 'again')]).map((r) => [r.id, r.target])).toEqual([
      [4, 't4'],
      [3, 'again'],
      [2, 't2'],
      [1, 't1'],
    ]);
    expect(mergeRecords([record(5)], read).map((r) => r.id)).toEqual([5, 3, 2, 1]);
  });

  it('shows a change as indented JSON, and anything else as stored', () => {
    expect(readableChange('{"items":[{"id":1}]}')).toBe('{\n  "items": [\n    {\n      "id": 1\n    }\n  ]\n}');
    expect(readableChange('{"cut":"abc')).toBe('{"cut":"abc');
  });
});
