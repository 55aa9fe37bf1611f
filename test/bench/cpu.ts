import { readdirSync, readFileSync } from 'node:fs';

// Diagnostics: CPU seconds each part of the bench spent over a span, from /proc (Linux
// only; elsewhere every figure is 0). The sync is CPU-bound on a small machine, so where its CPU
// goes says more than its wall time alone.

export const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in ticks. */
  ticks: number;
}

export function readStats(): ProcStat[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const stats: ProcStat[] = [];
  for (const pid of pids) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return stats;
}

/** Every process below `root` (and `root` itself), by pid. */
export function treeOf(stats: ProcStat[], root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  const tree = new Set<number>([root]);
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (tree.has(child)) continue;
      tree.add(child);
      queue.push(child);
    }
  }
  return tree;
}

export type CpuSnapshot = Map<number, number>;

/** CPU ticks of every process below this one (the bench's servers and browser), by pid. */
export function cpuSnapshot(): CpuSnapshot {
  const stats = readStats();
  const tree = treeOf(stats, process.pid);
  return new Map(stats.filter((stat) => tree.has(stat.pid)).map((stat) => [stat.pid, stat.ticks]));
}

/**
 * CPU seconds spent between two snapshots by the process trees rooted at each named pid; what
 * is left below the bench (Chromium, in practice) is named by its process type: `browser`,
 * `renderer`, `gpu-process`, `utility` (the network service, storage)…; `bench` is this process.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, parts: Record<string, number | undefined>): Record<string, number> {
  const partOf = partNamer(parts);
  const seconds: Record<string, number> = Object.fromEntries(Object.keys(parts).map((name) => [name, 0]));
  for (const [pid, ticks] of after) {
    const name = partOf(pid);
    seconds[name] = (seconds[name] ?? 0) + (ticks - (before.get(pid) ?? 0)) / TICKS_PER_SECOND;
  }
  return Object.fromEntries(Object.entries(seconds).map(([name, value]) => [name, Number(value.toFixed(2))]));
}

/**
 * Which part a pid belongs to: the tree of a named root, `bench` for this process (Playwright's
 * client drives the browser and shares the same cores), else Chromium's process type.
 */
export function partNamer(parts: Record<string, number | undefined>): (pid: number) => string {
  const stats = readStats();
  const owner = new Map<number, string>();
  for (const [name, root] of Object.entries(parts)) {
    if (root === undefined) continue;
    for (const pid of treeOf(stats, root)) owner.set(pid, name);
  }
  return (pid) => (pid === process.pid ? 'bench' : (owner.get(pid) ?? chromiumPart(pid)));
}

/** Chromium's process type from its command line (`--type=renderer`); the browser process has none. */
function chromiumPart(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
    const service = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length);
    if (type === undefined) return 'browser';
    return service ? `${type}:${service.replace(/^.*\./, '')}` : type;
  } catch {
    return 'gone';
  }
}

/**
 * Resolves once every process below this one used less than `cores` of CPU over `windowMs`
 * (background work such as the browser's storage compaction has settled), or after `timeoutMs`.
 * Returns how long it waited.
 */
export async function waitForQuiet({ cores = 0.1, windowMs = 500, timeoutMs = 30_000 } = {}): Promise<number> {
  const started = performance.now();
  let before = cpuSnapshot();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = cpuSnapshot();
    let ticks = 0;
    for (const [pid, value] of after) if (pid !== process.pid) ticks += value - (before.get(pid) ?? 0);
    const busy = ticks / TICKS_PER_SECOND / (windowMs / 1000);
    if (busy < cores || performance.now() - started > timeoutMs) return performance.now() - started;
    before = after;
  }
}
