import { describe, expect, it } from 'vitest';
import { createGateway } from './client';
import { GatewayError } from './errors';
import { MAX_PAGES_PER_LIST, walkPages, type PageOf } from './pagination';
import { failureOf } from '../../../shared/testing/failureOf.testing';

// Answers that lie about their pages: none may make the gateway page forever,
// repeat records or stop early without saying so. Each case counts the requests it took.

const SECRETS = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

/** Beyond this many requests a case has "hung": the fake server fails it so the test ends. */
const HANG_GUARD = 60;

type Envelope = Record<string, unknown> & { data: unknown[] };

/**
 * A gateway whose fetch answers `GET …?page=N&pagination=P` with `pageOf(N, P)`, counting requests;
 * after HANG_GUARD requests it answers 500, so a walker that never stops fails instead of hanging.
 */
function lyingServer(pageOf: (page: number, perPage: number) => Envelope) {
  const asked: number[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const page = Number(url.searchParams.get('page'));
    asked.push(page);
    if (asked.length > HANG_GUARD) return new Response('{"error":"hang guard"}', { status: 500 });
    const body = JSON.stringify(pageOf(page, Number(url.searchParams.get('pagination') ?? 20)));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const gateway = createGateway({
    baseUrl: 'http://vendor.test',
    secrets: async () => SECRETS,
    timeoutMs: 5000,
    fetch: fetch as typeof globalThis.fetch,
    requestsPerMinute: 1_000_000,
  });
  return { gateway, asked };
}

const customer = (id: number) => ({ id, name: `Customer ${id}`, active: 1 });
const customers = (from: number, count: number) => Array.from({ length: count }, (_, i) => customer(from + i));

/** An honest page of a list of `total` customers. */
function honest(total: number, page: number, perPage: number): Envelope {
  const start = (page - 1) * perPage;
  return {
    current_page: page,
    data: customers(start + 1, Math.max(0, Math.min(perPage, total - start))),
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

function expectTooLong(failure: GatewayError, endpoint: string) {
  expect(failure.kind).toBe('invalid-response');
  expect(failure.endpoint).toBe(endpoint);
  expect(failure.text).toEqual({ code: 'list-too-long', params: { endpoint, limit: MAX_PAGES_PER_LIST } });
}

function expectLie(failure: GatewayError, endpoint: string) {
  expect(failure.kind).toBe('invalid-response');
  expect(failure.endpoint).toBe(endpoint);
  expect(failure.text).toEqual({ code: 'pages-do-not-add-up', params: { endpoint } });
  expect(failure.message).not.toMatch(/\bat .*:\d+:\d+/);
}

describe('a list whose pages lie fails, naming the endpoint, within the pages its total allows', () => {
  it('an honest list of 450 is read in exactly 3 requests', async () => {
    const { gateway, asked } = lyingServer((page, perPage) => honest(450, page, perPage));
    const read = await gateway.listCustomers();
    expect(read.map((c) => c.id)).toEqual(customers(1, 450).map((c) => c.id));
    expect(asked).toEqual([1, 2, 3]);
  });

  it('an endless paginator (always one more full page) stops after ≤ ceil(total / perPage) + 1 requests', async () => {
    // Each page says there is one more: total and last_page grow with every answer.
    const { gateway, asked } = lyingServer((page, perPage) => ({
      current_page: page,
      data: customers((page - 1) * perPage + 1, perPage),
      per_page: perPage,
      total: (page + 1) * perPage,
      last_page: page + 1,
    }));
    expectLie(await failureOf(gateway.listCustomers(), GatewayError), 'GET customers');
    expect(asked.length).toBeLessThanOrEqual(Math.ceil(400 / 200) + 1);
  });

  it('an endless paginator without a total is refused at the page cap', async () => {
    const asked: number[] = [];
    const fetchPage = async (page: number): Promise<PageOf<number>> => {
      asked.push(page);
      return { current_page: page, data: [page, page] };
    };
    const failure = await failureOf(walkPages({ endpoint: 'GET customers', perPage: 2 }, fetchPage), GatewayError);
    expectTooLong(failure, 'GET customers');
    expect(asked).toHaveLength(MAX_PAGES_PER_LIST);
  });

  it('a current_page that does not advance (page 1 again and again) is refused, no record repeated', async () => {
    const { gateway, asked } = lyingServer((_page, perPage) => honest(450, 1, perPage));
    const failure = await failureOf(gateway.listCustomers(), GatewayError);
    expectLie(failure, 'GET customers');
    expect(failure.body).toContain('asked for page 2, the server answered page 1');
    expect(asked).toEqual([1, 2]);
  });

  it('a total smaller than the records served is refused, not truncated', async () => {
    // 450 customers upstream; the server says 300 (and last_page 2, which agrees with 300).
    const { gateway, asked } = lyingServer((page, perPage) => ({ ...honest(450, page, perPage), total: 300, last_page: 2 }));
    const failure = await failureOf(gateway.listCustomers(), GatewayError);
    expectLie(failure, 'GET customers');
    expect(failure.body).toContain('page 2: 200 records on page 2, total 300 at 200 a page leaves 100');
    expect(asked.length).toBeLessThanOrEqual(Math.ceil(300 / 200) + 1);
  });

  it('a total larger than the records served is refused, not cut short', async () => {
    const { gateway, asked } = lyingServer((page, perPage) => ({ ...honest(450, page, perPage), total: 500 }));
    expectLie(await failureOf(gateway.listCustomers(), GatewayError), 'GET customers');
    expect(asked.length).toBeLessThanOrEqual(Math.ceil(500 / 200) + 1);
  });

  it('a last_page of 5,000,000 that the total does not allow fails on page 1', async () => {
    const { gateway, asked } = lyingServer((page, perPage) => ({ ...honest(450, page, perPage), last_page: 5_000_000 }));
    const failure = await failureOf(gateway.listCustomers(), GatewayError);
    expectLie(failure, 'GET customers');
    expect(failure.body).toContain('last_page 5000000, but total 450 at 200 a page makes 3');
    expect(asked).toEqual([1]);
  });

  it('a last_page of 5,000,000 with a total to match fails on page 1: more pages than a list may have', async () => {
    const { gateway, asked } = lyingServer((page, perPage) => ({ ...honest(450, page, perPage), total: 1_000_000_000, last_page: 5_000_000 }));
    expectTooLong(await failureOf(gateway.listCustomers(), GatewayError), 'GET customers');
    expect(asked).toEqual([1]);
  });

  it('a page of 150,000 records (more than the 200 asked for) fails without a RangeError', async () => {
    const { gateway, asked } = lyingServer(() => ({ current_page: 1, data: customers(1, 150_000), total: 150_000, last_page: 1 }));
    const failure = await failureOf(gateway.listCustomers(), GatewayError);
    expectLie(failure, 'GET customers');
    expect(failure.body).toContain('150000 records on one page, asked for at most 200');
    expect(asked).toEqual([1]);
  });

  it('a per_page larger than asked for is refused', async () => {
    const { gateway } = lyingServer((page) => ({ ...honest(450, page, 200), per_page: 500 }));
    expectLie(await failureOf(gateway.listCustomers(), GatewayError), 'GET customers');
  });

  it('rooms come 20 a page: a rooms page of 21 is a lie', async () => {
    const room = (id: number) => ({ id, name: `Room ${id}`, tables: [] });
    const { gateway } = lyingServer(() => ({ current_page: 1, data: Array.from({ length: 21 }, (_, i) => room(i + 1)), total: 21 }));
    expectLie(await failureOf(gateway.listRooms(), GatewayError), 'GET rooms');
  });
});

describe('a list is read to at most MAX_PAGES_PER_LIST pages, whatever its total says', () => {
  // Consistent and absurd: every page full and agreeing with a total of 7,449,000 (37,245 pages).
  const absurd = (page: number, perPage: number) => honest(7_449_000, page, perPage);

  it('a total whose pages all add up but run past the cap is refused on page 1', async () => {
    const { gateway, asked } = lyingServer(absurd);
    const failure = await failureOf(gateway.listCustomers(), GatewayError);
    expectTooLong(failure, 'GET customers');
    expect(failure.body).toContain('total 7449000 at 200 a page makes 37245 pages');
    expect(asked).toEqual([1]);
  });

  it('a sync page of such a list is refused too, so the sync engine never asks for page 2', async () => {
    const { gateway, asked } = lyingServer(absurd);
    expectTooLong(await failureOf(gateway.fetchSyncPage({ resource: 'customers', page: 1 }), GatewayError), 'GET customers');
    expect(asked).toEqual([1]);
  });

  it('a last_page past the cap without a total is refused on page 1', async () => {
    const { gateway, asked } = lyingServer((page, perPage) => ({
      current_page: page,
      data: customers((page - 1) * perPage + 1, perPage),
      per_page: perPage,
      last_page: 37_245,
    }));
    expectTooLong(await failureOf(gateway.listCustomers(), GatewayError), 'GET customers');
    expect(asked).toEqual([1]);
  });

  it('a sync page beyond the cap is refused whatever the page says', async () => {
    const { gateway } = lyingServer((page, perPage) => ({ current_page: page, data: customers(1, perPage), per_page: perPage }));
    expectTooLong(await failureOf(gateway.fetchSyncPage({ resource: 'customers', page: MAX_PAGES_PER_LIST + 1 }), GatewayError), 'GET customers');
    expect(await gateway.fetchSyncPage({ resource: 'customers', page: MAX_PAGES_PER_LIST })).toMatchObject({ page: MAX_PAGES_PER_LIST });
  });

  it('a list of exactly the cap is read whole', async () => {
    const asked: number[] = [];
    const total = MAX_PAGES_PER_LIST * 2;
    const fetchPage = async (page: number): Promise<PageOf<number>> => {
      asked.push(page);
      return { current_page: page, data: [2 * page - 1, 2 * page], per_page: 2, total, last_page: MAX_PAGES_PER_LIST };
    };
    const read = await walkPages({ endpoint: 'GET customers', perPage: 2 }, fetchPage);
    expect(read).toHaveLength(total);
    expect(asked).toHaveLength(MAX_PAGES_PER_LIST);
  });
});

describe('fetchSyncPage checks the page it passes on to the sync engine', () => {
  it('an honest page passes with its total and last page', async () => {
    const { gateway } = lyingServer((page, perPage) => honest(450, page, perPage));
    const page = await gateway.fetchSyncPage({ resource: 'customers', page: 3 });
    expect(page).toMatchObject({ page: 3, lastPage: 3, total: 450 });
    expect(page.records).toHaveLength(50);
  });

  it.each([
    ['the wrong page', (page: number, perPage: number) => honest(450, page === 2 ? 1 : page, perPage), 'asked for page 2'],
    ['a last_page the total does not allow', (page: number, perPage: number) => ({ ...honest(450, page, perPage), last_page: 5_000_000 }), 'last_page 5000000'],
    ['a lying total', (page: number, perPage: number) => ({ ...honest(450, page, perPage), total: 300, last_page: 2 }), 'leaves 100'],
    ['150,000 records on one page', () => ({ current_page: 2, data: customers(1, 150_000), total: 150_200 }), 'asked for at most 200'],
  ])('%s is refused as invalid-response naming the endpoint', async (_case, pageOf, said) => {
    const { gateway, asked } = lyingServer(pageOf);
    const failure = await failureOf(gateway.fetchSyncPage({ resource: 'customers', page: 2 }), GatewayError);
    expectLie(failure, 'GET customers');
    expect(failure.body).toContain(said);
    expect(asked).toHaveLength(1);
  });

  it('names the catalog resource', async () => {
    const { gateway } = lyingServer((page) => ({ current_page: page + 1, data: [], total: 0 }));
    expectLie(await failureOf(gateway.fetchSyncPage({ resource: 'items', page: 1 }), GatewayError), 'GET catalog/items');
  });
});

describe('pagination walker', () => {
  const pages = (sizes: number[], total?: number) => {
    const calls: number[] = [];
    const fetchPage = async (page: number) => {
      calls.push(page);
      const size = sizes[page - 1] ?? 0;
      return {
        current_page: page,
        data: Array.from({ length: size }, (_, i) => `${page}-${i}`),
        last_page: sizes.length,
        ...(total !== undefined ? { total } : {}),
      };
    };
    return { calls, fetchPage };
  };
  const asked = (perPage: number) => ({ endpoint: 'GET test', perPage });

  it('reads until the records reach total, without asking for an extra page', async () => {
    const { calls, fetchPage } = pages([20, 20, 5], 45);
    expect(await walkPages(asked(20), fetchPage)).toHaveLength(45);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('stops on an empty page when the server gives no total', async () => {
    const fetchPage = async (page: number) => ({ current_page: page, data: page < 3 ? [page] : [] });
    expect(await walkPages(asked(1), fetchPage)).toEqual([1, 2]);
  });

  it('stops on a short page when the server gives no total', async () => {
    const fetchPage = async (page: number) => ({ current_page: page, data: page < 3 ? [page, page] : [page] });
    expect(await walkPages(asked(2), fetchPage)).toEqual([1, 1, 2, 2, 3]);
  });

  it('stops at last_page', async () => {
    const { calls, fetchPage } = pages([2, 2]);
    expect(await walkPages(asked(2), fetchPage)).toHaveLength(4);
    expect(calls).toEqual([1, 2]);
  });

  it('an empty list is one request', async () => {
    const { calls, fetchPage } = pages([0], 0);
    expect(await walkPages(asked(200), fetchPage)).toEqual([]);
    expect(calls).toEqual([1]);
  });
});
