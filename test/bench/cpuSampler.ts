import { readFileSync } from 'node:fs';
import { partNamer, readStats, TICKS_PER_SECOND, treeOf } from './cpu';

// Diagnostics: the bench's processes sampled every 100 ms, so a run's CPU can be read
// over exactly its own span (a sync from its start to its switch, without what follows it), and
// with the machine's idle time: a run that leaves a core idle has room a faster pipeline could use;
// one that keeps both busy can only go faster by spending less CPU.

interface Sample {
  at: number;
  /** Machine-wide idle ticks (all cores, /proc/stat `idle` + `iowait`). */
  idle: number;
  /** Machine-wide ticks of every kind. */
  total: number;
  /** Ticks per process of the bench's tree. */
  byPid: Map<number, number>;
}

export interface SpanCpu {
  /** Cores kept busy on average by every process on the machine over the span. */
  machineBusyCores: number;
  /** Share of the machine's CPU time left idle over the span (0 … 1). */
  idleShare: number;
  /** CPU seconds per part (as cpu.ts names them) over the span. */
  seconds: Record<string, number>;
}

export interface CpuSampler {
  /** CPU over [fromMs, toMs] (epoch ms), counters interpolated between the samples around each end. */
  over(fromMs: number, toMs: number, parts: Record<string, number | undefined>): SpanCpu;
  stop(): void;
}

function machineTicks(): { idle: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), total: cpu.slice(0, 8).reduce((sum, value) => sum + value, 0) };
}

function sample(): Sample {
  const stats = readStats();
  const tree = treeOf(stats, process.pid);
  return { at: Date.now(), ...machineTicks(), byPid: new Map(stats.filter((stat) => tree.has(stat.pid)).map((stat) => [stat.pid, stat.ticks])) };
}

/** Linear interpolation of a counter between the last sample at or before `at` and the next one. */
function counterAt(samples: readonly Sample[], at: number, read: (sample: Sample) => number): number {
  let after = samples.findIndex((s) => s.at >= at);
  if (after === -1) after = samples.length - 1;
  const before = Math.max(after - 1, 0);
  const a = samples[before]!;
  const b = samples[after]!;
  if (b.at === a.at) return read(b);
  const t = Math.min(Math.max((at - a.at) / (b.at - a.at), 0), 1);
  return read(a) + (read(b) - read(a)) * t;
}

export function startCpuSampler(intervalMs = 100): CpuSampler {
  const samples: Sample[] = [];
  const take = () => {
    try {
      samples.push(sample());
    } catch {
      // Not Linux: no figures.
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  // A bench that fails half-way must still exit.
  timer.unref();
  return {
    over(fromMs, toMs, parts) {
      take();
      if (samples.length < 2) return { machineBusyCores: 0, idleShare: 0, seconds: {} };
      const total = counterAt(samples, toMs, (s) => s.total) - counterAt(samples, fromMs, (s) => s.total);
      const idle = counterAt(samples, toMs, (s) => s.idle) - counterAt(samples, fromMs, (s) => s.idle);
      const partOf = partNamer(parts);
      const pids = new Set(samples.flatMap((s) => [...s.byPid.keys()]));
      const seconds: Record<string, number> = {};
      for (const pid of pids) {
        const ticks = counterAt(samples, toMs, (s) => s.byPid.get(pid) ?? 0) - counterAt(samples, fromMs, (s) => s.byPid.get(pid) ?? 0);
        if (ticks <= 0) continue;
        const name = partOf(pid);
        seconds[name] = (seconds[name] ?? 0) + ticks / TICKS_PER_SECOND;
      }
      const spanSeconds = (toMs - fromMs) / 1000;
      return {
        machineBusyCores: Number(((total - idle) / TICKS_PER_SECOND / spanSeconds).toFixed(2)),
        idleShare: total > 0 ? Number((idle / total).toFixed(3)) : 0,
        seconds: Object.fromEntries(Object.entries(seconds).map(([name, value]) => [name, Number(value.toFixed(2))])),
      };
    },
    stop() {
      clearInterval(timer);
    },
  };
}
