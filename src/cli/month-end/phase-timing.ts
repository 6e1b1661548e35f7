/**
 * Where a month-end's time went, on stderr when SHOPPROP_DEBUG names `timing`: each phase's
 * wall time and how many things it did, then the process's peak memory. One line a phase,
 * `timing: <phase> <count> <ms>`, so a benchmark can read the PDFs' own rate out of a real run.
 */
import { performance } from 'node:perf_hooks';
import type { CommandContext } from '../context.js';

export interface PhaseTiming {
  /** Runs `work`, then reports its time with the count it resolves to (`count` picks it out). */
  time<T>(phase: string, work: () => Promise<T>, count: (result: T) => number): Promise<T>;
  /** Reports a phase timed elsewhere. */
  report(phase: string, count: number, ms: number): void;
  /** The peak resident memory of the process so far. */
  peak(): void;
}

export function phaseTiming(context: CommandContext): PhaseTiming {
  if (!(context.env.SHOPPROP_DEBUG ?? '').split(',').includes('timing'))
    return { time: (_phase, work) => work(), report: () => undefined, peak: () => undefined };
  const report = (phase: string, count: number, ms: number) => context.terminal.stderr.write(`timing: ${phase} ${count} ${ms.toFixed(1)}\n`);
  return {
    async time(phase, work, count) {
      const started = performance.now();
      const result = await work();
      report(phase, count(result), performance.now() - started);
      return result;
    },
    report,
    // maxRSS is in KiB.
    peak: () => context.terminal.stderr.write(`timing: peak-rss-mb ${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\n`),
  };
}
