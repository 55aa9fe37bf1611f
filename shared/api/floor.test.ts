import { describe, expect, it } from 'vitest';
import { normaliseColour, toFloorRooms } from './floor';
import { roomsPage } from './hospitality';

describe('floor mapping (spec 2.2 → floor plan)', () => {
  it('normalises table colours and falls back to grey', () => {
    expect(normaliseColour('#ABC')).toBe('#aabbcc');
    expect(normaliseColour('8fbc8f')).toBe('#8fbc8f');
    expect(normaliseColour(null)).toBe('#9e9e9e');
    expect(normaliseColour('red')).toBe('#9e9e9e');
  });

  it('orders rooms and puts each table in the room it is listed under', () => {
    const page = roomsPage.parse({
      current_page: 1,
      total: 2,
      data: [
        { id: 2, name: 'Terraza', order: '2', active: '1', tables: [{ id: 9, name: 'T1', x: '1', y: '2', width: '60', height: '60', room_id: '99', color: '#fff', type_id: '2', isJoined: '0' }] },
        { id: 1, name: 'Salón', order: '1', active: '1', tables: [] },
      ],
    });
    const rooms = toFloorRooms(page.data);
    expect(rooms.map((r) => r.name)).toEqual(['Salón', 'Terraza']);
    expect(rooms[1]!.tables[0]).toEqual({
      id: 9, roomId: 2, name: 'T1', x: 1, y: 2, width: 60, height: 60, color: '#ffffff', typeId: 2, isJoined: false, joinedWithId: null,
    });
  });
});
