import fc from 'fast-check';

// Random and malformed vendor answers for property tests: what a broken,
// hostile or half-migrated server might send. A fake `fetch` plays them back in order.

/** Keys real records carry, so random objects sometimes come close to the real shapes. */
const recordKeys = ['id', 'name', 'price', 'active', 'order', 'tables', 'category_id', 'group_id', 'item_id', 'quantity', 'photo', 'type', 'total'];

const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -1, 0, 1.5, '1e400', '99999999999999999999');
const wireValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hugeNumber, fc.constantFrom('12.50', '1', '0', '', 'abc', null));
const looseRecord = fc.dictionary(fc.constantFrom(...recordKeys), wireValue, { maxKeys: 6 });

export type VendorAnswer = { type: 'network-error' } | { type: 'answer'; status: number; contentType: string; retryAfter?: string; body: AnswerBody };

/** The body of an answer; `page` is filled in with the page the request asked for (or not). */
export type AnswerBody =
  | { type: 'json'; value: unknown }
  | { type: 'text'; text: string }
  | { type: 'truncated'; value: unknown; keep: number }
  | { type: 'page'; echoPage: boolean; data: unknown[]; total?: unknown; lastPage?: unknown; perPage?: unknown };

const body: fc.Arbitrary<AnswerBody> = fc.oneof(
  fc.record({ type: fc.constant('json' as const), value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(looseRecord, { maxLength: 5 }), looseRecord) }),
  fc.record({ type: fc.constant('text' as const), text: fc.oneof(fc.string(), fc.constantFrom('<html>maintenance</html>', '', '{', 'null', 'true')) }),
  fc.record({ type: fc.constant('truncated' as const), value: fc.array(looseRecord, { minLength: 1, maxLength: 5 }), keep: fc.nat(200) }),
  fc.record(
    {
      type: fc.constant('page' as const),
      echoPage: fc.boolean(),
      data: fc.array(looseRecord, { maxLength: 8 }),
      total: fc.oneof(fc.nat(500), hugeNumber, fc.constant('12'), fc.constant(null)),
      lastPage: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(5_000_000), hugeNumber),
      perPage: fc.oneof(fc.constantFrom(1, 20, 200, 201, 0), hugeNumber),
    },
    { requiredKeys: ['type', 'echoPage', 'data'] },
  ),
);

export const vendorAnswer: fc.Arbitrary<VendorAnswer> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ type: 'network-error' as const }) },
  {
    weight: 9,
    arbitrary: fc.record(
      {
        type: fc.constant('answer' as const),
        status: fc.oneof(
          fc.constantFrom(200, 200, 200, 201, 204),
          fc.constantFrom(301, 302, 400, 401, 403, 404, 409, 413, 422, 500, 502, 503),
          fc.integer({ min: 200, max: 599 }),
        ),
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', ''),
        // A 429 without Retry-After waits 10 s: these runs only ever ask for "now" or "too long".
        retryAfter: fc.constantFrom('0', '99999'),
        body,
      },
      { requiredKeys: ['type', 'status', 'contentType', 'body'] },
    ),
  },
);

function bodyText(answer: AnswerBody, page: number): string {
  switch (answer.type) {
    case 'json':
      return JSON.stringify(answer.value) ?? '';
    case 'text':
      return answer.text;
    case 'truncated': {
      const text = JSON.stringify(answer.value);
      return text.slice(0, Math.min(answer.keep, text.length - 1));
    }
    case 'page':
      return JSON.stringify({
        current_page: answer.echoPage ? page : page + 1,
        data: answer.data,
        ...(answer.total !== undefined ? { total: answer.total } : {}),
        ...(answer.lastPage !== undefined ? { last_page: answer.lastPage } : {}),
        ...(answer.perPage !== undefined ? { per_page: answer.perPage } : {}),
      });
  }
}

/**
 * A fetch that plays `answers` back one request at a time (the last one repeats), counting
 * requests. 429s always carry a Retry-After (see above) so no run waits.
 */
export function fetchPlaying(answers: readonly VendorAnswer[]): { fetch: typeof fetch; requests: () => number } {
  let count = 0;
  const fetchAnswer = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = answers[Math.min(count, answers.length - 1)] ?? { type: 'network-error' };
    count++;
    if (answer.type === 'network-error') throw new TypeError('fetch failed');
    const page = Number(url.searchParams.get('page') ?? 1);
    const status = answer.status === 429 && answer.retryAfter === undefined ? 503 : answer.status;
    const headers: Record<string, string> = {};
    if (answer.contentType) headers['content-type'] = answer.contentType;
    if (status === 429 && answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
    if (status >= 300 && status < 400) headers.location = 'http://elsewhere.test/';
    const text = [204, 205, 304].includes(status) ? null : bodyText(answer.body, page);
    return new Response(text, { status, headers });
  };
  return { fetch: fetchAnswer as typeof fetch, requests: () => count };
}
