import { describe, expect, it } from 'vitest';
import { pagePath, paginate, parsePage, parsePerPage } from './pagination';

const path = 'http://h/api/x';
const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('parsePage', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['7', 7],
    [' 3 ', 3],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999999999999', 1],
  ])('%j → %i', (raw, page) => expect(parsePage(raw)).toBe(page));
});

describe('parsePerPage (spec §4.1: default 50, maximum 200)', () => {
  it.each([
    [undefined, 50],
    ['10', 10],
    ['200', 200],
    ['500', 200],
    ['0', 50],
    ['x', 50],
  ])('%j → %i', (raw, perPage) => expect(parsePerPage(raw)).toBe(perPage));
});

describe('paginate (Laravel LengthAwarePaginator)', () => {
  it('slices and counts', () => {
    const page = paginate(items(45), { page: 2, perPage: 20, path });
    expect(page).toMatchObject({
      current_page: 2,
      data: items(40).slice(20),
      from: 21,
      to: 40,
      total: 45,
      last_page: 3,
      per_page: 20,
      path,
      first_page_url: `${path}?page=1`,
      last_page_url: `${path}?page=3`,
      next_page_url: `${path}?page=3`,
      prev_page_url: `${path}?page=1`,
    });
  });

  it('has Previous, one link per page and Next', () => {
    const { links } = paginate(items(45), { page: 1, perPage: 20, path });
    expect(links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(links[0]!.url).toBeNull();
    expect(links.filter((l) => l.active).map((l) => l.label)).toEqual(['1']);
    expect(links.at(-1)!.url).toBe(`${path}?page=2`);
  });

  it('windows the links when there are many pages', () => {
    const labels = paginate(items(1000), { page: 25, perPage: 20, path }).links.map((l) => l.label);
    expect(labels).toEqual(['&laquo; Previous', '1', '2', '...', '22', '23', '24', '25', '26', '27', '28', '...', '49', '50', 'Next &raquo;']);
  });

  it('gives an empty page past the end and last_page 1 for no records', () => {
    expect(paginate(items(5), { page: 2, perPage: 20, path })).toMatchObject({ data: [], from: null, to: null, total: 5, last_page: 1, next_page_url: null });
    expect(paginate([], { page: 1, perPage: 20, path })).toMatchObject({ data: [], from: null, to: null, total: 0, last_page: 1 });
  });

  it('pagePath drops the query string', () => {
    expect(pagePath('http://127.0.0.1:8787/api/external/v2/rooms?page=2&withTables=1')).toBe('http://127.0.0.1:8787/api/external/v2/rooms');
  });
});
