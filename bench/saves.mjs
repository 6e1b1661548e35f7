// Saves per second through HTTP on the demo store, synchronous=FULL (every acknowledged sale is
// on disk), against the raw SQLite ceiling measured in the same run: single-row INSERT
// transactions per second on a scratch file with the same pragmas.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { cli, demoDatabase, load, OUT, startLocalServer } from './lib.mjs';

/** A two-line sale of stock products of a company (no serialised unit, so it can be saved again and again). */
export function saleBody(db, companyId = 1) {
  const sqlite = new Sqlite(db, { readonly: true });
  const pick = (sql) => sqlite.prepare(sql).get(companyId);
  const products = sqlite
    .prepare(
      `select p.id, p.name, p.price_cents, p.cost_cents, p.tax_inc_exc, t.id as tax_id, t.rate_bp
         from item_products p join tax_rates t on t.id = p.tax_rate_id
        where p.company_id = ? and p.id not in (select product_id from item_specs) order by p.id limit 2`,
    )
    .all(companyId);
  const shop = pick('select id from retail_shops where company_id = ? order by id limit 1');
  const user = pick("select id from users where company_id = ? and role = 'cashier' order by id limit 1");
  const cashbook = pick('select id from cashbooks where company_id = ? order by id limit 1');
  sqlite.close();
  // Integer cents throughout; the body carries decimals as the interface does.
  const lines = products.map((p) => {
    const grossCents = p.price_cents * 2;
    const taxCents = p.tax_inc_exc === 1 ? Math.round((grossCents * p.rate_bp) / (10000 + p.rate_bp)) : Math.round((grossCents * p.rate_bp) / 10000);
    const totalCents = p.tax_inc_exc === 1 ? grossCents : grossCents + taxCents;
    return { p, grossCents, taxCents, totalCents };
  });
  const sum = (key) => lines.reduce((total, line) => total + line[key], 0);
  return {
    issuedTo: 'Bench customer',
    issuedToPhone: '+254700000000',
    amountPaid: sum('totalCents') / 100,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo: 'BENCH',
    notes: '',
    cashbookId: cashbook.id,
    totalTax: sum('taxCents') / 100,
    subTotal: sum('grossCents') / 100,
    totalAmount: sum('totalCents') / 100,
    totalDiscount: 0,
    userId: user.id,
    retailShopId: shop.id,
    companyId,
    itemIssuesDto: lines.map(({ p, taxCents, totalCents }) => ({
      item: p.name,
      itemProductId: p.id,
      buyingPrice: p.price_cents / 100,
      unitCost: p.cost_cents / 100,
      qty: 2,
      discount: 0,
      taxIncExc: p.tax_inc_exc,
      taxRateId: p.tax_id,
      taxRate: p.rate_bp / 100,
      taxAmount: taxCents / 100,
      lineTotal: totalCents / 100,
    })),
  };
}

function rawSqliteTransactionsPerSecond(seconds = 3) {
  const file = join(OUT, 'raw-insert.db');
  rmSync(file, { force: true });
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table t (id integer primary key, a text, b integer)');
  const insert = db.prepare('insert into t (a, b) values (?, ?)');
  const write = db.transaction((i) => insert.run('x', i));
  const started = Date.now();
  let n = 0;
  while (Date.now() - started < seconds * 1000) write(n++);
  const perSecond = n / ((Date.now() - started) / 1000);
  db.close();
  rmSync(file, { force: true });
  return perSecond;
}

const ROUNDS = 3;

export async function benchSaves({ duration = 5 } = {}) {
  const source = demoDatabase(1);
  // Saves grow the file: work on a copy so the cached demo store stays as made.
  const db = join(OUT, 'saves.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  await new Sqlite(source, { readonly: true }).backup(db);
  const body = JSON.stringify(saleBody(db));
  const token = cli(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'cashier', '--name', 'bench till']).trim();
  const server = await startLocalServer(db);
  try {
    const probe = await fetch(`${server.url}/api/inventorycashsale/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    if (probe.status !== 200) throw new Error(`save refused: ${probe.status} ${await probe.text()}`);
    // Rounds interleaved with the raw baseline, the median of each: fsync times drift here.
    const raws = [];
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) {
      raws.push(rawSqliteTransactionsPerSecond(duration));
      runs.push(
        await load(`${server.url}/api/inventorycashsale/save`, {
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          duration,
          connections: 10,
        }),
      );
    }
    const raw = [...raws].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
    const saves = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(ROUNDS / 2)];
    return { rounds: ROUNDS, saves, rawTransactionsPerSecond: raw, ratioToRaw: saves.requestsPerSecond / raw, target: 2000 };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchSaves(), null, 2));
