// Full CSV export of a company's sales, embedded (`shopprop sale list --all --format csv`),
// against the sqlite3 command-line tool exporting the same rows and columns from the same file.
// Wall time (median of interleaved runs), peak memory (GNU time's max RSS, the largest of the
// runs), and per-row cost at 90k and at 900k sales. Then peak memory of the NDJSON and xlsx
// exports of the same sales at both sizes (xlsx at 900k only with --million: minutes), and how
// much the peak at 900k is of the peak at 90k: an export's memory must not grow with its rows.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { benchEnv, BIN, demoDatabase, OUT } from './lib.mjs';

// BENCH_BIN: another built copy to measure (the checkout's dist/ may be rebuilt meanwhile).
const SHOPPROP = process.env.BENCH_BIN ?? BIN;

// The narrow date index, named: left to itself sqlite3 walks the index that holds each sale's
// JSON text (which only shopprop's list reads) and is slower for it. The last column is each
// sale's payments as shopprop writes them ("Cash 600.00; M-Pesa till 512345 400.00 ref QKX123"),
// so both sides read and write the same data.
const SQLITE_EXPORT = `select id, issue_date, issued_to, issued_to_phone, printf('%.2f', amount_paid_cents / 100.0), payment_method,
  transaction_type, ref_no, receipt_no, notes, company_id, cashbook_id, retail_shop_id, user_id,
  printf('%.2f', total_discount_cents / 100.0), printf('%.2f', total_tax_cents / 100.0), printf('%.2f', sub_total_cents / 100.0),
  printf('%.2f', total_amount_cents / 100.0), printf('%.2f', balance_cents / 100.0),
  coalesce(
    (select group_concat(p.name || ' ' || printf('%.2f', c.amount_cents / 100.0) || coalesce(' ref ' || nullif(c.reference_no, ''), ''), '; ')
      from cash_sale_channels c join payment_channels p on p.id = c.channel_id where c.sale_id = s.id),
    case when amount_paid_cents > 0 then payment_method || ' ' || printf('%.2f', amount_paid_cents / 100.0) end) as payments
  from cash_sales s indexed by cash_sales_company_date where company_id = 1 order by issue_date desc, id desc`;

/** Runs a command under GNU time; returns wall ms and peak RSS in MB. */
function measured(command, args, env) {
  const out = join(OUT, 'export-output');
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', 'sh', '-c', `"$0" "$@" > ${out}`, command, ...args], { env, encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  const peakKb = Number(result.stderr.trim().split('\n').at(-1));
  const bytes = statSync(out).size;
  rmSync(out);
  return { wallMs, peakMb: peakKb / 1024, bytes };
}

/** A copy of the scale-100 store with every sale repeated `times` over (new ids and receipt numbers). */
function multipliedDatabase(times) {
  const file = join(OUT, `sales-x${times}.db`);
  if (existsSync(file)) return file;
  copyFileSync(demoDatabase(100), file);
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  const max = db.prepare('select max(id) as m from cash_sales').get().m;
  const columns = db
    .prepare("select name from pragma_table_info('cash_sales')")
    .all()
    .map((c) => c.name);
  const copy = columns.map((c) =>
    c === 'id' ? `id + ${'$offset'}` : c === 'receipt_no' ? `receipt_no || '-' || ${'$round'}` : c === 'idempotency_key' ? 'null' : c,
  );
  const insert = db.prepare(`insert into cash_sales (${columns.join(',')}) select ${copy.join(',')} from cash_sales where id <= ${max}`);
  for (let round = 1; round < times; round++) db.transaction(() => insert.run({ offset: round * max, round }))();
  db.close();
  return file;
}

/** The run of median wall time. */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((runs.length - 1) / 2)];
}

const exportArgs = (db, format) => [SHOPPROP, '--db', db, 'sale', 'list', '--company', '1', '--all', '--format', format];

/** Both exports `runs` times, interleaved; the median run of each. */
function exportBoth(db, rows, runs) {
  const env = benchEnv();
  const cliRuns = [];
  const sqliteRuns = [];
  // One untimed run of each first: the file in the OS cache for both, and for shopprop a store
  // already at this version's schema and its compiled-code cache written.
  measured(process.execPath, exportArgs(db, 'csv'), env);
  measured('sqlite3', ['-csv', '-header', db, SQLITE_EXPORT], env);
  for (let i = 0; i < runs; i++) {
    cliRuns.push(measured(process.execPath, exportArgs(db, 'csv'), env));
    sqliteRuns.push(measured('sqlite3', ['-csv', '-header', db, SQLITE_EXPORT], env));
  }
  const cliRun = { ...medianRun(cliRuns), peakMb: Math.max(...cliRuns.map((run) => run.peakMb)) };
  const sqliteRun = medianRun(sqliteRuns);
  return {
    runs,
    rows,
    cli: { ...cliRun, microsPerRow: (cliRun.wallMs * 1000) / rows },
    sqlite3: { ...sqliteRun, microsPerRow: (sqliteRun.wallMs * 1000) / rows },
    ratio: cliRun.wallMs / sqliteRun.wallMs,
  };
}

/** Peak RSS in MB of one export in `format`. */
function peakOf(db, format) {
  return measured(process.execPath, exportArgs(db, format), benchEnv()).peakMb;
}

export async function benchExport({ quick = false, withMillion = false } = {}) {
  const db100k = demoDatabase(100);
  const db1m = multipliedDatabase(10);
  const count = (file) => {
    const db = new Sqlite(file, { readonly: true });
    const n = db.prepare('select count(*) as n from cash_sales where company_id = 1').get().n;
    db.close();
    return n;
  };
  const at100k = exportBoth(db100k, count(db100k), quick ? 3 : 5);
  const at1m = exportBoth(db1m, count(db1m), quick ? 1 : 3);
  const peaks = { csv: [at100k.cli.peakMb, at1m.cli.peakMb] };
  for (const format of ['ndjson', 'xlsx']) {
    peaks[format] = [peakOf(db100k, format), format === 'xlsx' && !withMillion ? undefined : peakOf(db1m, format)];
  }
  return {
    at100k,
    at1m,
    perRowGrowth: at1m.cli.microsPerRow / at100k.cli.microsPerRow,
    // Peak MB at 90k and 900k per format, and the second over the first.
    peaks: Object.fromEntries(
      Object.entries(peaks).map(([format, [small, large]]) => [format, { small, large, growth: large === undefined ? undefined : large / small }]),
    ),
    targets: { ratio: 2, peakMb: 120, peakGrowth: 1.2, perRowGrowth: 1.5 },
  };
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await benchExport({ quick: process.argv.includes('--quick'), withMillion: process.argv.includes('--million') }), null, 2));
