/**
 * A child process's peak memory: a preload (node --require, through NODE_OPTIONS) that writes the
 * process's largest resident set size (getrusage's maxRSS, KiB) to a file when it exits, however
 * it exits. Peaks between two samples are never missed, as they would be by polling /proc.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PRELOAD = `process.on('exit', () => require('node:fs').writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)));\n`;

export interface PeakMeter {
  /** The environment that makes a node child report its peak (give it to the child as is). */
  env: Record<string, string>;
  /** The child's peak resident set size in MiB, once it has exited. */
  peakMiB(): number;
}

export function peakRssMeter(dir: string, name: string): PeakMeter {
  const preload = join(dir, 'peak-rss.cjs');
  writeFileSync(preload, PRELOAD);
  const file = join(dir, `${name}.peak`);
  return {
    env: { NODE_OPTIONS: `--require ${preload}`, PEAK_RSS_FILE: file },
    peakMiB: () => Number(readFileSync(file, 'utf8')) / 1024,
  };
}
