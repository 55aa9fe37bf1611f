import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild, tokenFileArgs } from '../../test/e2e/support/processes';
import { startSandbox, type RunningSandbox } from '../sandbox';

// A spawned `npm run serve` carries no token on its command line, which every
// local user can read in /proc/<pid>/cmdline. Item 6: a non-loopback --host exits 2.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const TOKENS = { tenant: 'private', accessToken: 'access-7f3a9c-private', integratorToken: 'integrator-51b2e8-private' };

let sandbox: RunningSandbox;
let workDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, accounts: [{ ...TOKENS, master: null }] });
  // runServe serves ./out/renderer: a stand-in page, so this test needs no build.
  workDir = await mkdtemp(join(tmpdir(), 'comanda-serve-proc-'));
  await mkdir(join(workDir, 'out', 'renderer'), { recursive: true });
  await writeFile(join(workDir, 'out', 'renderer', 'index.html'), '<html><head><title>Comanda</title></head></html>');
});
afterAll(async () => {
  await Promise.all(children.map((child) => stopChild(child)));
  await sandbox.close();
});

function serve(args: string[]) {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'electron/web/cli.ts'), ...args], {
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const printed = (pattern: RegExp) =>
    new Promise<void>((done, fail) => {
      const check = () => {
        if (pattern.test(output)) done();
      };
      child.stdout!.on('data', check);
      check();
      void exited.then((code) => fail(new Error(`serve exited (${code}) before printing ${pattern}:\n${output}`)));
    });
  return { child, exited, printed, output: () => output };
}

/** The process and every descendant (tsx runs node as a child process). */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${found[i]}/task`);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of tasks) {
      try {
        const listed = readFileSync(`/proc/${found[i]}/task/${tid}/children`, 'utf8').trim();
        if (listed) found.push(...listed.split(/\s+/).map(Number));
      } catch {
        // thread gone
      }
    }
  }
  return found;
}

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

describe('npm run serve as a process', () => {
  it('reads the tokens from --token-file: none on any command line of its process tree', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'comanda-serve-proc-data-'));
    const run = serve(['--port', '0', '--data', dataDir, '--backend', sandbox.url, ...tokenFileArgs(dataDir, TOKENS)]);
    await run.printed(/open http:\/\/127\.0\.0\.1:\d+\//);
    const lines = processTree(run.child.pid!).map(commandLine);
    expect(lines.some((line) => line.includes('--token-file'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(TOKENS.accessToken);
      expect(line).not.toContain(TOKENS.integratorToken);
    }
    expect(run.output()).not.toContain(TOKENS.accessToken);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('exits 2 on --token, saying why and what to use', { timeout: 30_000 }, async () => {
    const run = serve(['--backend', sandbox.url, '--tenant', 'private', '--token', TOKENS.accessToken]);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/--token-file/);
  });

  it('exits 2 on a non-loopback --host, saying why', { timeout: 30_000 }, async () => {
    const run = serve(['--port', '0', '--host', '0.0.0.0']);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/loopback/);
  });
});
