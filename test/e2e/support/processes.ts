import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

export interface Started {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point and waits until its output matches `ready`. */
export async function startScript(script: string, args: string[], ready: RegExp, timeoutMs = 60_000): Promise<Started & { match: RegExpMatchArray }> {
  const child = spawn(TSX, [script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  let text = '';
  const match = await new Promise<RegExpMatchArray>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} did not become ready in ${timeoutMs} ms:\n${text}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const found = text.match(ready);
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${script} exited (${code}) before it was ready:\n${text}`));
    });
  });
  return {
    child,
    match,
    output: () => text,
    stop: () => stopChild(child),
  };
}

/**
 * Stops a script started through tsx and waits until it has exited: SIGTERM first, which tsx passes
 * on to the script; SIGKILL only if it is still running after `graceMs`. A SIGKILL straight away
 * kills tsx alone and leaves the script running, orphaned (a sandbox still listening after the tests).
 */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Each browser shell's data folder by its origin: where it keeps the launch link to open next. */
const launchLinkFiles = new Map<string, string>();

/** The browser shell; `url` is the launch link it printed (one-time token: see terminal.ts openWindow). */
export async function startServe(args: string[]) {
  const started = await startScript('electron/web/cli.ts', args, /open (http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]+)/);
  const url = started.match[1]!;
  const data = args.indexOf('--data');
  if (data >= 0) launchLinkFiles.set(new URL(url).origin, join(args[data + 1]!, 'launch-link.txt'));
  return { ...started, url };
}

/**
 * A launch link for one more browser of the shell at `url`'s origin (the printed one opens one
 * browser once): the one the shell keeps in its data folder, not used yet.
 */
export function nextLaunchLink(url: string): string {
  const file = launchLinkFiles.get(new URL(url).origin);
  if (!file) throw new Error(`no data folder known for the browser shell at ${url}`);
  return readFileSync(file, 'utf8').trim();
}

/** The launch link with more query parameters (`?bench`): the token stays, the server keeps the rest. */
export function withParams(url: string, params: Record<string, string>): string {
  const link = new URL(url);
  for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
  return link.toString();
}

export const DEMO_HEADERS = { tenant: 'demo', authorization: 'Bearer demo-token', 'client-token': 'demo-client' };

/** The sandbox's public demo credentials, as a token file holds them. */
export const DEMO_TOKENS = { tenant: 'demo', accessToken: 'demo-token', integratorToken: 'demo-client' };

/**
 * `['--token-file', FILE]` for `npm run serve` and the sandbox CLI: writes the tokens to a 0600 file
 * in `dir` (the run's data folder), since secrets never go on a command line.
 */
export function tokenFileArgs(dir: string, tokens: { tenant?: string; accessToken: string; integratorToken: string } = DEMO_TOKENS): string[] {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `tokens-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(tokens), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return ['--token-file', file];
}

export interface ExpectedRoom {
  name: string;
  tables: { name: string; x: number; y: number; width: number; height: number }[];
}

/** The floor as the server itself reports it, read independently of the terminal's code. */
export async function roomsFromServer(baseUrl: string): Promise<ExpectedRoom[]> {
  const rooms: ExpectedRoom[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await fetch(`${baseUrl}/api/external/v2/rooms?withTables=1&page=${page}`, { headers: DEMO_HEADERS });
    if (!res.ok) throw new Error(`rooms page ${page}: HTTP ${res.status}`);
    const body = (await res.json()) as { data: { name: string; tables: Record<string, string>[] }[]; total: number };
    for (const room of body.data) {
      rooms.push({
        name: room.name,
        tables: room.tables.map((t) => ({ name: String(t.name), x: Number(t.x), y: Number(t.y), width: Number(t.width), height: Number(t.height) })),
      });
    }
    if (body.data.length === 0 || rooms.length >= body.total) break;
  }
  return rooms;
}
