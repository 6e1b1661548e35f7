/**
 * Import files read as streams, a slice of rows at a time inside one transaction, on both
 * backends: a file of several slices refused on its last line writes nothing; a payment
 * reference met again slices later is named by its first line, whether that line was booked by
 * the file or skipped as booked before; a file handed over in chunks that cut fields and lines
 * imports as its whole text does.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSource } from '../../src/store/import-source.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import type { PropertyStore } from '../../src/store/property-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { ROWS_PER_SLICE } from '../../src/store/units/import-rows.js';
import { propertyStoreOn } from '../../src/store/units/property-store-units.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const UNITS = 40;
/** More rows than two slices: the last slice is a part one. */
const ROWS = ROWS_PER_SLICE * 2 + 500;
const HEADER = 'property_code,unit_no,tenant_account,date,amount,reference';

let sqlite: Store;
let pool: pg.Pool;
let company: number;

interface Backend {
  name: string;
  store(): PropertyStore;
  count(sql: string, ...params: unknown[]): Promise<number>;
}

const backends: Backend[] = [
  {
    name: 'SQLite',
    store: () => sqliteShopStore(sqlite),
    count: async (sql, ...params) => Number((sqlite.sqlite.prepare(sql.replace(/\$\d+/g, '?')).get(...params) as { n: number }).n),
  },
  {
    name: 'PostgreSQL',
    store: () => propertyStoreOn(postgresEngine(pool)),
    count: async (sql, ...params) => Number((await pool.query(sql, params)).rows[0].n),
  },
];

/** Receipt `i` (1-based): a tenant's payment of the year, its own reference. */
const receipt = (i: number, reference = `SR${String(i).padStart(8, '0')}`) => {
  const unit = (i % UNITS) + 1;
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return `P1,A${unit},T${unit},2026-${month}-${day}T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},${100 + (i % 50)}.25,${reference}`;
};
const fileOf = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;
const rowsOf = (count: number, from = 1) => Array.from({ length: count }, (_, i) => receipt(from + i));
const centsOf = (count: number, from = 1) => Array.from({ length: count }, (_, i) => (100 + ((from + i) % 50)) * 100 + 25).reduce((a, b) => a + b, 0);

/** The text handed over in chunks of `size` characters, as a file read from disk is (fields and lines cut anywhere). */
const chunked = (text: string, size: number): ImportSource => ({
  async *open() {
    for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
  },
});

beforeAll(async () => {
  const file = join(temp.dir, 'streamed.db');
  sqlite = await openStore(file);
  company = (await sqliteShopStore(sqlite).setUpCompany({ name: 'Mvule Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 })).companyId;
  pool = openPostgresPool(await postgres.createDatabase(), { max: 4 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
  const units = Array.from({ length: UNITS }, (_, i) => i + 1);
  for (const backend of backends) {
    for (const [kind, text] of [
      ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
      ['properties', 'code,name,landlord_code\nP1,Mninga House,L1\n'],
      ['units', `property_code,unit_no,market_rent\n${units.map((u) => `P1,A${u},1000`).join('\n')}\n`],
      ['tenants', `account_no,name\n${units.map((u) => `T${u},Tenant ${u}`).join('\n')}\n`],
      ['tenancies', `property_code,unit_no,tenant_account,from\n${units.map((u) => `P1,A${u},T${u},2025-01-01`).join('\n')}\n`],
    ] as const)
      await backend.store().importLedger(company, kind, text);
  }
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'imported',
    (error: Error) => error.message,
  );

describe.each(backends)('a receipts file read in slices, on $name', (backend) => {
  const receipts = () => backend.count('select count(*) as n from receipts where company_id = $1', company);
  const allocations = () =>
    backend.count('select count(*) as n from receipt_allocations a join receipts r on r.id = a.receipt_id where r.company_id = $1', company);

  it('refused on its last line, writes nothing of its earlier slices', async () => {
    const rows = [...rowsOf(ROWS - 1), 'P1,A1,T99,2026-12-30,100,SR99999999'];
    const message = await refusal(backend.store().importLedger(company, 'receipts', fileOf(rows)));
    expect(message).toContain(`receipts file refused, nothing imported (1 problem):\n  line ${ROWS + 1}, tenant_account: no tenant "T99"`);
    expect(await receipts()).toBe(0);
    expect(await allocations()).toBe(0);
  });

  it('names the first line of a reference met again slices later, booked by the file or skipped as booked before', async () => {
    const booked = fileOf([receipt(1, 'SRBOOKED01')]);
    expect(await backend.store().importLedger(company, 'receipts', booked)).toEqual({ kind: 'receipts', rows: 1, imported: 1, alreadyBooked: 0 });
    const rows = rowsOf(ROWS);
    rows[ROWS - 10] = receipt(ROWS - 9, 'SR00000003'); // line ROWS - 8 repeats line 4's reference
    rows[ROWS - 5] = receipt(1, 'SRBOOKED01'); // booked before: skipped on line 2, and here again
    rows[0] = receipt(1, 'SRBOOKED01');
    const message = await refusal(backend.store().importLedger(company, 'receipts', fileOf(rows)));
    expect(message).toContain('(2 problems)');
    expect(message).toContain(`line ${ROWS - 8}, reference: SR00000003 is also on line 4: one payment, one line`);
    expect(message).toContain(`line ${ROWS - 3}, reference: SRBOOKED01 is also on line 2: one payment, one line`);
    expect(await receipts()).toBe(1);
  });

  it('imports a file handed over in chunks that cut fields and lines as its whole text', async () => {
    const rows = rowsOf(ROWS, 10_001);
    const result = await backend.store().importLedger(company, 'receipts', chunked(fileOf(rows), 997));
    expect(result).toEqual({ kind: 'receipts', rows: ROWS, imported: ROWS, alreadyBooked: 0 });
    expect(
      await backend.count(`select cast(sum(amount_cents) as bigint) as n from receipts where company_id = $1 and reference <> 'SRBOOKED01'`, company),
    ).toBe(centsOf(ROWS, 10_001));
    // Every receipt allocated in full: the tenancies' rent is charged nowhere, so all of it is paid ahead.
    expect(
      await backend.count(
        `select count(*) as n from receipts r where r.company_id = $1 and r.amount_cents <> (select coalesce(sum(a.amount_cents), 0) from receipt_allocations a where a.receipt_id = r.id)`,
        company,
      ),
    ).toBe(0);
    expect(await backend.store().importLedger(company, 'receipts', chunked(fileOf(rows), 4096))).toEqual({
      kind: 'receipts',
      rows: ROWS,
      imported: 0,
      alreadyBooked: ROWS,
    });
  }, 120_000);
});
