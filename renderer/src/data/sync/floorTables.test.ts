import { describe, expect, it } from 'vitest';
import { tableWire } from '../../../../shared/api';
import { normaliseColour, toFloorTable } from './floorTables';

describe('floor mapping (spec 2.2 → floor plan)', () => {
  it('normalises table colours and falls back to grey', () => {
    expect(normaliseColour('#ABC')).toBe('#aabbcc');
    expect(normaliseColour('8fbc8f')).toBe('#8fbc8f');
    expect(normaliseColour(null)).toBe('#9e9e9e');
    expect(normaliseColour('red')).toBe('#9e9e9e');
  });

  it('puts a table in the room it is listed under, whatever its room_id says', () => {
    const table = tableWire.parse({ id: 9, name: 'T1', x: '1', y: '2', width: '60', height: '60', room_id: '99', color: '#fff', type_id: '2', isJoined: '0' });
    expect(toFloorTable(table, 2)).toEqual({
      id: 9,
      roomId: 2,
      name: 'T1',
      x: 1,
      y: 2,
      width: 60,
      height: 60,
      color: '#ffffff',
      typeId: 2,
      isJoined: false,
      joinedWithId: null,
    });
  });
});
