// A late receipt on the scale-100 demo store (10k units, 18 months of ledger): importing a
// receipt dated before the tenancy's later charges and receipts re-derives that tenancy's
// allocations and month totals in the import's transaction. Timed through the CLI
// (`local import receipts`), against a receipt dated after everything booked (appended).
// Target: the late import under a second.
import Sqlite from 'better-sqlite3';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoDatabase, median, OUT, timeOnce, BIN } from './lib.mjs';

function receiptFile(db, name, when) {
  const sqlite = new Sqlite(db, { readonly: true });
  // A tenancy with a long ledger: the one with most receipts in company 1.
  const t = sqlite
    .prepare(
      `select p.code as property, u.unit_no as unit, tn.account_no as account, t.id as tenancyId
         from tenancies t join units u on u.id = t.unit_id join properties p on p.id = u.property_id join tenants tn on tn.id = t.tenant_id
        where t.company_id = 1 and t.end_date is null
        order by (select count(*) from receipts r where r.tenancy_id = t.id) desc limit 1`,
    )
    .get();
  const span = sqlite.prepare('select min(receipt_date) as first, max(receipt_date) as last from receipts where tenancy_id = ?').get(t.tenancyId);
  sqlite.close();
  const day = new Date(when === 'late' ? span.first + 20 * 86_400_000 : span.last + 86_400_000).toISOString().slice(0, 10);
  const file = join(OUT, `${name}.csv`);
  writeFileSync(file, `property_code,unit_no,tenant_account,date,amount\n${t.property},${t.unit},${t.account},${day},1234.56\n`);
  return file;
}

export function benchLateReceipt({ runs = 5 } = {}) {
  const source = demoDatabase(100);
  const times = { late: [], appended: [] };
  for (let i = 0; i < runs; i++) {
    for (const when of ['late', 'appended']) {
      const db = join(OUT, `late-receipt-${when}.db`);
      copyFileSync(source, db);
      const file = receiptFile(db, `late-receipt-${when}`, when);
      times[when].push(timeOnce(process.execPath, [BIN, '--db', db, 'local', 'import', 'receipts', file, '--company', '1']));
      for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
    }
  }
  return { lateMs: median(times.late), appendedMs: median(times.appended), target: { lateMs: 1000 } };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(benchLateReceipt(), null, 2));
