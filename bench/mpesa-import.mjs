// A paybill statement of 100,000 lines (`local import mpesa`) against the receipts CSV of the
// same payments (`local import receipts`), each into a fresh copy of the same store (10
// properties of 100 units, a tenant in each), in the same run: wall time and peak RSS (GNU
// time). The statement is read as a stream; the target is memory that does not grow with the
// file beyond its payments: peak no more than the receipts import's.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, benchEnv, cli, median, OUT } from './lib.mjs';

// BENCH_BIN: another built copy to measure (the checkout's dist/ may be rebuilt meanwhile).
const SHOPPROP = process.env.BENCH_BIN ?? BIN;
export const UNITS = 1000;
export const pad = (n, width) => String(n).padStart(width, '0');
export const tenant = (i) => ({ property: `P${pad(1 + Math.floor(i / 100), 2)}`, unit: `U${pad(1 + (i % 100), 3)}`, account: `T-${pad(i + 1, 5)}` });

/** The store both imports start from (made once, kept in bench/out). */
export function baseStore() {
  const db = join(OUT, 'mpesa-base.db');
  if (existsSync(db)) return db;
  const rows = Array.from({ length: UNITS }, (_, i) => tenant(i));
  const files = [
    ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
    ['properties', `code,name,landlord_code\n${Array.from({ length: 10 }, (_, p) => `P${pad(p + 1, 2)},Property ${p + 1},L1`).join('\n')}\n`],
    ['units', `property_code,unit_no,market_rent\n${rows.map((t) => `${t.property},${t.unit},30000`).join('\n')}\n`],
    ['tenants', `account_no,name\n${rows.map((t, i) => `${t.account},Tenant ${i + 1}`).join('\n')}\n`],
    ['tenancies', `property_code,unit_no,tenant_account,from\n${rows.map((t) => `${t.property},${t.unit},${t.account},2025-01-01`).join('\n')}\n`],
  ];
  cli(['local', 'company', 'create', '--name', 'Savanna', '--db', db]);
  for (const [kind, text] of files) {
    const file = join(OUT, `mpesa-${kind}.csv`);
    writeFileSync(file, text);
    cli(['local', 'import', kind, file, '--db', db, '--company', '1']);
  }
  return db;
}

const amount = (cents) => {
  const text = `${Math.floor(cents / 100).toLocaleString('en-US')}.${pad(cents % 100, 2)}`;
  return text.includes(',') ? `"${text}"` : text;
};

/** The statement (CRLF, header block, quoted amounts) and the receipts CSV of its payments. */
function files(lines) {
  const statement = [
    'Organization Name,SAVANNA PROPERTY MANAGERS LTD',
    'Organization short code,600123',
    'Time Period,From 01-01-2026 00:00:00 To 31-12-2026 23:59:59',
    '',
    'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
  ];
  const receipts = ['property_code,unit_no,tenant_account,date,amount,reference'];
  let payments = 0;
  for (let n = 1; n <= lines; n++) {
    const seconds = n * 300;
    const day = new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}`;
    const time = `${pad(day.getUTCHours(), 2)}:${pad(day.getUTCMinutes(), 2)}`;
    const code = `SB${n.toString(36).toUpperCase().padStart(8, '0')}`;
    if (n % 10 === 0) {
      statement.push(`${code},${date} ${time}:00,${date} ${time}:00,Business Charges,Completed,,52.00,"1,000,000.00",true,Pay Bill Charge,,,`);
      continue;
    }
    const t = tenant(n % UNITS);
    const cents = 100_000 + ((n * 7919) % 120_000) * 50;
    statement.push(
      `${code},${date} ${time}:00,${date} ${time}:00,Pay Bill from 2547****126 - PAYER Acc. ${t.account},Completed,${amount(cents)},,"1,000,000.00",true,Pay Bill Online,2547****126 - PAYER,,${t.account}`,
    );
    receipts.push(`${t.property},${t.unit},${t.account},${date}T${time},${(cents / 100).toFixed(2)},${code}`);
    payments++;
  }
  const statementFile = join(OUT, `mpesa-statement-${lines}.csv`);
  const receiptsFile = join(OUT, `mpesa-receipts-${lines}.csv`);
  writeFileSync(statementFile, `${statement.join('\r\n')}\r\n`);
  writeFileSync(receiptsFile, `${receipts.join('\n')}\n`);
  return { statementFile, receiptsFile, payments };
}

/** Wall ms and peak RSS (MB) of one import into a fresh copy of the base store. */
function importOnce(base, args) {
  const db = join(OUT, 'mpesa-run.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  copyFileSync(base, db);
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, SHOPPROP, ...args, '--db', db, '--company', '1'], {
    env: benchEnv(),
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`shopprop ${args.join(' ')} failed: ${result.stderr}`);
  const peakKb = Number(result.stderr.trim().split('\n').at(-1));
  return { ms, mb: peakKb / 1024 };
}

export function benchMpesaImport({ lines = 100_000, runs = 3 } = {}) {
  const base = baseStore();
  const { statementFile, receiptsFile, payments } = files(lines);
  const unmatched = join(OUT, 'mpesa-unmatched.csv');
  const kinds = {
    statement: ['local', 'import', 'mpesa', statementFile, '--unmatched', unmatched],
    receipts: ['local', 'import', 'receipts', receiptsFile],
  };
  const measured = { statement: [], receipts: [] };
  for (let i = 0; i < runs; i++) for (const kind of Object.keys(kinds)) measured[kind].push(importOnce(base, kinds[kind]));
  const row = (name, kind) => {
    const ms = median(measured[kind].map((m) => m.ms));
    const mb = Math.max(...measured[kind].map((m) => m.mb));
    return { name, ms, mb, line: `| ${name} | ${Math.round(ms).toLocaleString('en-US')} | ${Math.round(mb)} | ${((ms * 1000) / payments).toFixed(1)} |` };
  };
  const s = row(`\`local import mpesa\`: the statement, ${lines.toLocaleString('en-US')} lines`, 'statement');
  const r = row(`\`local import receipts\`: the same ${payments.toLocaleString('en-US')} payments as a receipts CSV`, 'receipts');
  return [
    `## A paybill statement of ${lines.toLocaleString('en-US')} lines vs the receipts CSV of its ${payments.toLocaleString('en-US')} payments (fresh store each, median of ${runs} interleaved runs, peak of them)`,
    '| import | ms | peak MB | µs/payment |',
    '|---|---:|---:|---:|',
    s.line,
    r.line,
    `Statement: ${(s.ms / r.ms).toFixed(2)}x the receipts import's time, ${(s.mb / r.mb).toFixed(2)}x its peak memory (target: peak no more than the receipts import's).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchMpesaImport({ runs: Number(process.env.RUNS ?? 3) }));
