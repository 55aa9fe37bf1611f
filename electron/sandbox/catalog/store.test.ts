import { describe, expect, it } from 'vitest';
import { emptyCatalog } from './model';
import { CatalogSession, findById, inIdOrder, indexOfId } from './store';

const ids = (...list: number[]) => list.map((id) => ({ id }));

describe('catalog store', () => {
  it('finds records by id in id order (binary search) and out of order (scan)', () => {
    const sorted = ids(1, 3, 5, 8, 13);
    expect(indexOfId(sorted, 8)).toBe(3);
    expect(indexOfId(sorted, 4)).toBe(-1);
    const shuffled = ids(13, 1, 8, 3, 5);
    for (const id of [1, 3, 5, 8, 13]) expect(findById(shuffled, id)?.id).toBe(id);
  });

  it('lists in id order without copying an array that already is', () => {
    const sorted = ids(1, 2, 3);
    expect(inIdOrder(sorted)).toBe(sorted);
    const shuffled = ids(3, 1, 2);
    expect(inIdOrder(shuffled).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(shuffled.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('a session sees updates staged earlier in the same request and counts references', () => {
    const catalog = emptyCatalog();
    catalog.groups.push({ id: 1, name: 'Bebidas', active: 1 });
    catalog.categories.push({ id: 1, name: 'a', active: 1, group_id: 1 }, { id: 2, name: 'b', active: 1, group_id: 1 });
    const session = new CatalogSession(catalog);
    session.stage('groups', { id: 1, name: 'Vinos', active: 1 });
    expect(session.find('groups', 1)?.name).toBe('Vinos');
    expect(catalog.groups[0]?.name).toBe('Bebidas');
    expect(session.referenceCount('categories', 'group_id', 1)).toBe(2);
    expect(session.referenceCount('categories', 'group_id', 2)).toBe(0);
  });
});
