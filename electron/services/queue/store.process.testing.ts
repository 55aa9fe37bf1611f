import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openQueueDatabase } from './database';
import { createQueueStore } from './store';
import { newService, paymentDraft, seatingDraft, takeawayDraft } from './store.testing';

// A queue store in a process of its own (tests of two processes on one file, and of a process
// killed with SIGKILL). Run as a script it is the child: one JSON command per stdin line, one JSON
// answer per stdout line; imported, `startStoreProcess` is the parent's handle on such a child.

export type StoreCommand =
  | { op: 'seat'; tableId: number }
  | { op: 'takeaways'; count: number }
  /** A payment of `cents` for the open service `serviceId` at its primary table `tableId`. */
  | { op: 'pay'; serviceId: string; tableId: number; cents: number };
export type StoreAnswer = { won: boolean; message?: string } | { ids: string[] };

export interface StoreProcess {
  ask(command: StoreCommand): Promise<StoreAnswer>;
  /** SIGKILL: no close, no checkpoint — what a crash or a power cut leaves behind. */
  kill(): Promise<void>;
}

export async function startStoreProcess(file: string): Promise<StoreProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then(() => reject(new Error('the store process exited')));
    });
  await next(); // "ready": the database is open and migrated
  return {
    async ask(command) {
      const answer = next();
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return JSON.parse(await answer) as StoreAnswer;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function runChild(file: string) {
  const store = createQueueStore(openQueueDatabase(file), { now: () => new Date() });
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    const command = JSON.parse(line) as StoreCommand;
    if (command.op === 'seat') {
      const service = newService([{ id: command.tableId, name: String(command.tableId) }]);
      try {
        store.seat(service, [seatingDraft(service)]);
        answer({ won: true });
      } catch (error) {
        answer({ won: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    } else if (command.op === 'pay') {
      try {
        store.submit(paymentDraft({ id: command.serviceId, primaryTableId: command.tableId, tableNames: [String(command.tableId)] }, command.cents));
        answer({ won: true });
      } catch (error) {
        answer({ won: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    } else {
      answer({ ids: Array.from({ length: command.count }, (_, i) => store.submit(takeawayDraft(`Crash ${i}`)).id) });
    }
  });
  answer({ ready: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runChild(process.argv[2]!);
