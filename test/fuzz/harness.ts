// The fuzz harness both sandbox listeners share (sandbox.fuzz.test.ts, retail.fuzz.test.ts): send
// generated requests in-process or over a socket, check each answer (no 5xx; a 4xx carries the
// listener's JSON error body), tally them by status and family, and fail naming the bad answers.
import { appendFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { FuzzRequest } from './requests';

export interface Answer {
  status: number;
  type: string | null;
  text: string;
}

export interface Tally {
  /** Requests per route family, and how many of them were answered 4xx. */
  byFamily: Record<string, { tried: number; '4xx': number }>;
  tried: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  failures: string[];
}

/** The `code` a 4xx body must carry for `request` answered `status` (hospitality: the status; retail: 0). */
export type ExpectedCode = (request: FuzzRequest, status: number) => number;

/** One request on its own connection, path sent as it is; a network error reads as status 599. */
export function overSocket(base: string, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(base);
    // A body always goes with its length (node sends a DELETE body unframed otherwise).
    const headers = request.body === undefined ? request.headers : { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) };
    const req = httpRequest({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? null, text }));
      res.on('error', (error) => resolve({ status: 599, type: null, text: `network error ${error.message}` }));
    });
    req.on('error', (error) => resolve({ status: 599, type: null, text: `network error ${error.message}` }));
    req.end(request.body);
  });
}

/**
 * Sends requests to an app in-process (`app.request`, so 1,000+ requests stay fast). Pass `onError`
 * as the app's: the error behind a 500 is added to its answer, so a failure names its cause.
 */
export function inProcess() {
  let lastError = '';
  return {
    onError: (error: unknown) => (lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    sender:
      (app: { request(path: string, init: RequestInit): Response | Promise<Response> }) =>
      async (request: FuzzRequest): Promise<Answer> => {
        const init: RequestInit = { method: request.method, headers: request.headers };
        if (request.body !== undefined) init.body = request.body;
        lastError = '';
        const answer = await app.request(request.path, init);
        const text = await answer.text();
        return { status: answer.status, type: answer.headers.get('content-type'), text: lastError ? `${text} (${lastError})` : text };
      },
  };
}

/** What a real socket can carry of the generated requests: no huge bodies (covered in-process), printable paths. */
export function socketSendable(request: FuzzRequest): boolean {
  return (request.body?.length ?? 0) < 50_000 && [...request.path].every((ch) => ch > ' ' && ch <= '~');
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body(${request.body.length}): ${request.body.slice(0, 160)}`;
  return `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)}${body}`;
}

/** What is wrong with one answer, or null: a 5xx, or a 4xx without the JSON error body `{ error, code, data: [] }`. */
export function problemOf(request: FuzzRequest, answer: Answer, expectedCode: ExpectedCode): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400 || request.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} without a JSON body: ${answer.text.slice(0, 120)}`;
  }
  const code = expectedCode(request, answer.status);
  const ok =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    (body as { code?: unknown }).code === code &&
    Array.isArray((body as { data?: unknown }).data) &&
    (body as { data: unknown[] }).data.length === 0 &&
    /application\/json/.test(answer.type ?? '');
  return ok ? null : `answered ${answer.status} with a body that is not { error, code: ${code}, data: [] }: ${answer.text.slice(0, 160)}`;
}

export async function run(requests: readonly FuzzRequest[], send: (request: FuzzRequest) => Promise<Answer>, expectedCode: ExpectedCode): Promise<Tally> {
  const tally: Tally = { byFamily: {}, tried: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failures: [] };
  for (const request of requests) {
    const answer = await send(request);
    tally.tried++;
    const family = (tally.byFamily[request.family] ??= { tried: 0, '4xx': 0 });
    family.tried++;
    if (answer.status >= 400 && answer.status < 500) family['4xx']++;
    const klass = `${Math.floor(answer.status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
    if (klass in tally) tally[klass]++;
    const problem = problemOf(request, answer, expectedCode);
    if (problem) tally.failures.push(`${problem}\n    ← ${describeRequest(request)}`);
  }
  return tally;
}

/** Logs a run's counts: `name` the fuzz, `label` where it ran, `seed` the fast-check seed (FC_SEED). */
export function report(name: string, label: string, seed: number, tally: Tally): void {
  console.log(
    `${name} (${label}, seed ${seed}): ${tally.tried} requests, ${tally['2xx']} 2xx, ${tally['3xx']} 3xx, ${tally['4xx']} 4xx, ${tally['5xx']} 5xx; ` +
      `by family (requests/4xx): ${Object.entries(tally.byFamily)
        .map(([family, f]) => `${family} ${f.tried}/${f['4xx']}`)
        .join(', ')}`,
  );
}

/** No bad answer (the message shows the first 12). FUZZ_REPORT=<file>: every bad answer written there. */
export function expectClean(label: string, seed: number, tally: Tally): void {
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, tally.failures.map((f) => `[${label}] ${f}\n`).join(''));
  const shown = tally.failures.slice(0, 12).join('\n');
  expect(tally.failures, `${tally.failures.length} bad answers (${label}, FC_SEED=${seed}):\n${shown}`).toEqual([]);
}
