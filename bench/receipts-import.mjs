// A receipts CSV of 600,000 rows (`local import receipts`), read as a stream under a 256 MB
// heap (`--max-old-space-size=256`), into SQLite and into PostgreSQL (embedded, durable), each
// from the same store (10 properties of 100 units, a tenant in each: the M-Pesa benchmark's),
// in the same run: wall time, peak RSS (GNU time) and the heap limit. Yardsticks beside it: the
// file's size (the issue measured peaks of 16x the file before the import was streamed) and, for
// PostgreSQL, SQLite's time for the same file (target: within 1.5x).
import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, BIN, OUT } from './lib.mjs';
import { baseStore, pad, tenant, UNITS } from './mpesa-import.mjs';
import { copiedDatabase, loadAverage, startBenchPostgres } from './pg-lib.mjs';

const SHOPPROP = process.env.BENCH_BIN ?? BIN;
const HEAP_MB = 256;

/** The receipts file: a payment every 45 seconds of 2026, each tenant in turn, each its own M-Pesa code. */
async function receiptsFile(rows) {
  const file = join(OUT, `receipts-${rows}.csv`);
  if (existsSync(file)) return file;
  const out = createWriteStream(file);
  out.write('property_code,unit_no,tenant_account,date,amount,reference\n');
  for (let i = 1; i <= rows; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 45_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}T${pad(day.getUTCHours(), 2)}:${pad(day.getUTCMinutes(), 2)}`;
    const t = tenant(i % UNITS);
    const cents = 100_000 + ((i * 7919) % 120_000) * 50;
    const line = `${t.property},${t.unit},${t.account},${date},${(cents / 100).toFixed(2)},SB${i.toString(36).toUpperCase().padStart(8, '0')}\n`;
    if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end(resolve));
  return file;
}

/** Wall ms and peak RSS (MB) of one import under the heap limit. */
function importOnce(file, target) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, `--max-old-space-size=${HEAP_MB}`, SHOPPROP, 'local', 'import', 'receipts', file, ...target, '--company', '1'],
    { env: benchEnv(), encoding: 'utf8' },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`import into ${target.join(' ')} failed: ${result.stderr}`);
  return { ms, mb: Number(result.stderr.trim().split('\n').at(-1)) / 1024 };
}

export async function benchReceiptsImport({ rows = 600_000, runs = 1 } = {}) {
  const base = baseStore();
  const file = await receiptsFile(rows);
  const fileMb = statSync(file).size / 1024 / 1024;
  const postgres = await startBenchPostgres();
  const measured = { sqlite: [], postgres: [] };
  const loads = [];
  try {
    for (let run = 0; run < runs; run++) {
      const db = join(OUT, 'receipts-import-run.db');
      for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
      copyFileSync(base, db);
      loads.push(loadAverage());
      measured.sqlite.push(importOnce(file, ['--db', db]));
      const url = await copiedDatabase(postgres, base, `receipts_import_${run}`);
      loads.push(loadAverage());
      measured.postgres.push(importOnce(file, ['--database', url]));
    }
  } finally {
    await postgres.stop();
  }
  const summary = (kind) => ({ ms: Math.min(...measured[kind].map((m) => m.ms)), mb: Math.max(...measured[kind].map((m) => m.mb)) });
  const s = summary('sqlite');
  const p = summary('postgres');
  const line = (name, m) =>
    `| ${name} | ${Math.round(m.ms).toLocaleString('en-US')} | ${((m.ms * 1000) / rows).toFixed(0)} | ${Math.round(m.mb)} | ${HEAP_MB} | ${(m.mb / fileMb).toFixed(1)}x |`;
  return [
    `## A receipts CSV of ${rows.toLocaleString('en-US')} rows (${fileMb.toFixed(0)} MB), streamed, under --max-old-space-size=${HEAP_MB} (best of ${runs}, peak of them; load average ${loads.map((l) => l.toFixed(1)).join(', ')} on 2 cores)`,
    '| store | ms | µs/row | peak RSS MB | heap limit MB | peak / file |',
    '|---|---:|---:|---:|---:|---:|',
    line('SQLite', s),
    line(`PostgreSQL ${postgres.version ?? ''}`.trim(), p),
    `PostgreSQL: ${(p.ms / s.ms).toFixed(2)}x SQLite's time for the same file (target: within 1.5x).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(await benchReceiptsImport({ rows: Number(process.env.ROWS ?? 600_000), runs: Number(process.env.RUNS ?? 1) }));
