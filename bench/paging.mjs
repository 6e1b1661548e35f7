// `--all` over sequential pages must stay linear: the per-row cost of exporting every sale of
// the scale-100 store is compared with the per-row cost of its first 10%, timed in one run by
// counting the CSV lines as they stream out of the CLI.
import { spawn } from 'node:child_process';
import { benchEnv, BIN, demoDatabase } from './lib.mjs';

export function benchPaging({ scale = 100 } = {}) {
  const db = demoDatabase(scale);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, '--db', db, 'sale', 'list', '--company', '1', '--all', '--format', 'csv'], {
      env: benchEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = -1; // the header
    let marks = [];
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        lines++;
        if (lines > 0 && lines % 1000 === 0) marks.push({ lines, ms: Number(process.hrtime.bigint() - started) / 1e6 });
      }
    });
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`export failed: ${stderr}`));
      const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
      const tenth = marks.find((m) => m.lines >= lines / 10);
      // The first mark carries start-up (node, the store, the first query); measure from it.
      const first = marks[0];
      const perRowFirstTenth = (tenth.ms - first.ms) / (tenth.lines - first.lines);
      const perRowWhole = (totalMs - first.ms) / (lines - first.lines);
      resolve({
        rows: lines,
        totalMs,
        firstTenthMs: tenth.ms,
        perRowFirstTenthMicros: perRowFirstTenth * 1000,
        perRowWholeMicros: perRowWhole * 1000,
        ratio: perRowWhole / perRowFirstTenth,
        target: 1.5,
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchPaging(), null, 2));
