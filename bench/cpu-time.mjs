// CPU time of short commands (every thread of the process, from `perf stat -e task-clock`)
// beside their wall time: on a shared machine wall time moves by tens of ms from run to run
// with the other work on it, CPU time by a few.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './lib.mjs';

let perfWorks;

/** Whether `perf stat` can count this user's task-clock here (installed, and allowed by perf_event_paranoid). */
export function perfAvailable() {
  perfWorks ??= spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', process.execPath, '-e', '0'], { encoding: 'utf8' }).status === 0;
  return perfWorks;
}

/**
 * One run: wall ms and, when perf is available, CPU ms, both as perf counts them for the
 * command alone (perf's own start-up is in neither).
 */
export function measureOnce(command, args, env = process.env) {
  const dir = perfAvailable() ? mkdtempSync(join(tmpdir(), 'shopprop-perf-')) : undefined;
  const output = dir && join(dir, 'stat.txt');
  const [file, argv] = output ? ['perf', ['stat', '-e', 'task-clock', '-o', output, '--', command, ...args]] : [command, args];
  const started = process.hrtime.bigint();
  const result = spawnSync(file, argv, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  try {
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
    if (!output) return { wallMs, cpuMs: undefined };
    // "  25.21 msec task-clock  ..." and "  0.170586113 seconds time elapsed"
    const text = readFileSync(output, 'utf8');
    const cpu = /([\d.,]+)\s+msec\s+task-clock/.exec(text);
    const elapsed = /([\d.,]+)\s+seconds\s+time\s+elapsed/.exec(text);
    if (!cpu || !elapsed) throw new Error(`perf stat said nothing of ${command}: ${text}`);
    const number = (s) => Number(s.replaceAll(',', ''));
    return { wallMs: number(elapsed[1]) * 1000, cpuMs: number(cpu[1]) };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the commands interleaved (a, b, c, a, b, c, ...) after two untimed rounds, so the
 * machine's load falls on all alike; the median and least of each, wall and CPU.
 */
export function compareCommandsCpu(commands, runs = 15) {
  for (let i = 0; i < 2; i++) for (const c of commands) measureOnce(c.command, c.args, c.env);
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) commands.forEach((c, index) => samples[index].push(measureOnce(c.command, c.args, c.env)));
  return commands.map((c, index) => {
    const wall = samples[index].map((s) => s.wallMs);
    const cpu = samples[index].map((s) => s.cpuMs).filter((ms) => ms !== undefined);
    return {
      name: c.name,
      medianMs: median(wall),
      minMs: Math.min(...wall),
      cpuMedianMs: cpu.length ? median(cpu) : undefined,
      cpuMinMs: cpu.length ? Math.min(...cpu) : undefined,
    };
  });
}
