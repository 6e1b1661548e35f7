/**
 * The property area of the store interface, the same tests on both backends: SQLite (the file
 * the server runs on) and PostgreSQL (the test run's server), each starting from the same
 * companies (the SQLite file copied by `local copy`'s code) and given the same imports through
 * the interface. Expected figures are the hand-worked Baobab Court fixture's
 * (test/fixtures/baobab-court.ts) or worked by hand below; the two backends' records are also
 * compared with each other, byte for byte.
 *
 * "Another instance" is a second store on the same database: on PostgreSQL a second pool
 * (another server process would hold its own), on SQLite a second connection to the file.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidBalanceRow } from '../../src/contract/paid-balance.js';
import type { LandlordPaymentType } from '../../src/contract/pay-advice.js';
import { ServiceError } from '../../src/store/rules/service-error.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { propertyStoreOn } from '../../src/store/units/property-store-units.js';
import { LEDGER_IMPORT_KINDS, type LedgerImportKind, type PropertyStore } from '../../src/store/property-store.js';
import { seedCompanies } from '../../src/store/sqlite/demo/core-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import * as fx from '../fixtures/baobab-court.js';
import { fullExpected } from '../helpers/fixture-ledger.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const BAOBAB = 1;
const PREPARED_AT = Date.UTC(2026, 3, 5, 8, 0, 0);

let sqlite: Store;
let sqliteAgain: Store;
let pool: pg.Pool;
let poolAgain: pg.Pool;
/** Companies made for the batchings and the concurrent imports (the same ids on both backends). */
const batchCompanies: number[] = [];
let concurrentCompany: number;
let receiptsOnceCompany: number;

/** What a test asks of a backend: its interface, the same on another instance, and plain reads of its rows. */
interface Backend {
  name: string;
  store: PropertyStore;
  another: PropertyStore;
  rows<T = Record<string, number>>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<void>;
}

/** Integers of either backend as plain numbers (bigint from PostgreSQL). */
const plain = <T>(row: object): T => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])) as T;

const backends: Backend[] = [
  {
    name: 'SQLite',
    get store() {
      return sqliteShopStore(sqlite);
    },
    get another() {
      return sqliteShopStore(sqliteAgain);
    },
    rows: async <T>(sql: string, ...params: unknown[]) =>
      sqlite.sqlite
        .prepare(sql.replace(/\$\d+/g, '?'))
        .all(...params)
        .map((r) => plain<T>(r as object)),
    run: async (sql, ...params) => void sqlite.sqlite.prepare(sql.replace(/\$\d+/g, '?')).run(...params),
  },
  {
    name: 'PostgreSQL',
    get store() {
      return propertyStoreOn(postgresEngine(pool));
    },
    get another() {
      return propertyStoreOn(postgresEngine(poolAgain));
    },
    rows: async <T>(sql: string, ...params: unknown[]) => (await pool.query(sql, params)).rows.map((r) => plain<T>(r as object)),
    run: async (sql, ...params) => void (await pool.query(sql, params)),
  },
];
const [onSqlite, onPostgres] = backends as [Backend, Backend];

beforeAll(async () => {
  const file = join(temp.dir, 'property.db');
  sqlite = await openStore(file);
  sqlite.sqlite.transaction(() => seedCompanies(sqlite))();
  for (const name of ['Batch Two Agencies', 'Batch Three Agencies', 'Batch Four Agencies']) {
    batchCompanies.push((await sqliteShopStore(sqlite).setUpCompany({ name, timeZone: fx.FIXTURE_TIME_ZONE, vatPercent: 16 })).companyId);
  }
  concurrentCompany = (await sqliteShopStore(sqlite).setUpCompany({ name: 'Mvule Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 })).companyId;
  receiptsOnceCompany = (await sqliteShopStore(sqlite).setUpCompany({ name: 'Mninga Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 })).companyId;
  sqliteAgain = await openStore(file);
  const url = await postgres.createDatabase();
  pool = openPostgresPool(url, { max: 8 });
  poolAgain = openPostgresPool(url, { max: 8 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await poolAgain?.end();
  await sqliteAgain?.close();
  await sqlite?.close();
  temp.remove();
});

/** The same call on both backends, one after the other: the two replies as the JSON a route would send. */
async function onBoth<T>(call: (store: PropertyStore, backend: Backend) => Promise<T>): Promise<[string, string, T, T]> {
  const a = await call(onSqlite.store, onSqlite);
  const b = await call(onPostgres.store, onPostgres);
  return [JSON.stringify(a), JSON.stringify(b), a, b];
}

/** A CSV file's header and rows (the fixture's cells hold no line breaks). */
function splitCsv(text: string): { header: string; rows: string[] } {
  const [header, ...rows] = text.trimEnd().split('\n');
  return { header: header!, rows };
}
const fileOf = (header: string, rows: string[]) => `${header}\n${rows.join('\n')}\n`;

type Batch = [LedgerImportKind, string][];
const files = fx.fixtureCsv();
const REFERENCE_KINDS = ['landlords', 'properties', 'units', 'tenants', 'tenancies'] as const;
const reference: Batch = REFERENCE_KINDS.map((kind) => [kind, files[kind]]);

/** The fixture imported in different batchings: the figures must not depend on them. */
const BATCHINGS: Record<string, Batch> = {
  'every file whole': LEDGER_IMPORT_KINDS.map((kind) => [kind, files[kind]]),
  'receipts and charges one row per file, newest first': (() => {
    const charges = splitCsv(files.charges);
    const receipts = splitCsv(files.receipts);
    return [
      ...reference,
      ...receipts.rows.toReversed().map((row): [LedgerImportKind, string] => ['receipts', fileOf(receipts.header, [row])]),
      ...charges.rows.toReversed().map((row): [LedgerImportKind, string] => ['charges', fileOf(charges.header, [row])]),
      ['expenses', files.expenses],
    ];
  })(),
  'receipts whole, then charges month by month, March first': (() => {
    const charges = splitCsv(files.charges);
    const ofMonth = (month: string) => charges.rows.filter((row) => row.includes(`,${month},`));
    return [
      ...reference,
      ['receipts', files.receipts],
      ...['2026-03', '2026-02', '2026-01'].map((m): [LedgerImportKind, string] => ['charges', fileOf(charges.header, ofMonth(m))]),
      ['expenses', files.expenses],
    ];
  })(),
};

async function importAll(store: PropertyStore, companyId: number, batch: Batch): Promise<void> {
  for (const [kind, csv] of batch) await store.importLedger(companyId, kind, csv);
}

async function propertyIds(backend: Backend, companyId: number): Promise<{ propertyId: number; landlordId: number; zoneId: number; serviceId: number }> {
  const [row] = await backend.rows<{ propertyId: number; landlordId: number; zoneId: number }>(
    'select id as "propertyId", landlord_id as "landlordId", zone_id as "zoneId" from properties where company_id = $1 and code = $2',
    companyId,
    fx.property.code,
  );
  const [service] = await backend.rows<{ id: number }>(`select id from services where company_id = $1 and name = 'Service charge'`, companyId);
  return { ...row!, serviceId: service!.id };
}

/** Checks a month's paid-and-balance rows against the hand-worked fixture. */
function expectFixtureRows(rows: PaidBalanceRow[], expected: readonly fx.ExpectedRow[]): void {
  expect(rows.map((r) => [r.property, r.unitNo, r.tenant, r.marketRent])).toEqual(expected.map((e) => [fx.property.name, e.unitNo, e.tenant, e.marketRent]));
  rows.forEach((row, i) => {
    const figures = Object.fromEntries(fx.ROW_MONEY_FIELDS.map((field) => [field, row[field as keyof PaidBalanceRow]]));
    expect(figures, `${expected[i]!.unitNo}`).toEqual(fullExpected(expected[i]!));
  });
}

const MONTHS = [
  ['January', 1, fx.JANUARY_ROWS],
  ['February', 2, fx.FEBRUARY_ROWS],
  ['March', 3, fx.MARCH_ROWS],
] as const;

const ADVICE_CASES: [string, number, LandlordPaymentType, fx.ExpectedAdvice][] = [
  ['March COMBINED', 3, 'COMBINED', fx.MARCH_COMBINED],
  ['March RENT_ONLY', 3, 'RENT_ONLY', fx.MARCH_RENT_ONLY],
  ['March SERVICE_CHARGE_ONLY', 3, 'SERVICE_CHARGE_ONLY', fx.MARCH_SERVICE_ONLY],
  ['February COMBINED', 2, 'COMBINED', fx.FEBRUARY_COMBINED],
];

describe('Baobab Court, imported whole on both backends', () => {
  let ids: Awaited<ReturnType<typeof propertyIds>>;
  beforeAll(async () => {
    for (const backend of backends) await importAll(backend.store, BAOBAB, BATCHINGS['every file whole']!);
    ids = await propertyIds(onSqlite, BAOBAB);
    expect(await propertyIds(onPostgres, BAOBAB)).toEqual(ids);
  }, 60_000);

  it.each(MONTHS)('gives every hand-worked paid-and-balance figure of %s, the same records on both', async (_name, month, expected) => {
    const [sqliteJson, postgresJson, rows] = await onBoth((s) => s.paidBalanceReport({ companyId: BAOBAB, propertyId: ids.propertyId, month, year: 2026 }));
    expectFixtureRows(rows, expected);
    expect(postgresJson).toBe(sqliteJson);
  });

  it('gives the same rows by zone, by field officer and for the whole company as by property', async () => {
    const [, , byProperty] = await onBoth((s) => s.paidBalanceReport({ companyId: BAOBAB, propertyId: ids.propertyId, month: 3, year: 2026 }));
    const byZone = await onBoth((s) => s.paidBalanceReport({ companyId: BAOBAB, zoneId: ids.zoneId, month: 3, year: 2026 }));
    expect(byZone[1]).toBe(byZone[0]);
    expect(byZone[2]).toEqual(byProperty);
    const whole = await onBoth((s) => s.paidBalanceReport({ companyId: BAOBAB, month: 3, year: 2026 }));
    expect(whole[1]).toBe(whole[0]);
    expect(whole[2]).toEqual(byProperty);
  });

  it.each(ADVICE_CASES)('gives the hand-worked pay advice of %s, the same record on both', async (_name, month, lldPaymentType, expected) => {
    const srvcId = lldPaymentType === 'SERVICE_CHARGE_ONLY' ? ids.serviceId : undefined;
    const [sqliteJson, postgresJson, advice] = await onBoth((s) =>
      s.payAdviceReport({ companyId: BAOBAB, propertyId: ids.propertyId, month, year: 2026, lldPaymentType, srvcId }),
    );
    expect(postgresJson).toBe(sqliteJson);
    expect(advice.rentsList.map((l) => [l.unitNo, l.tenantName, l.monthlyCharge, l.invoiced, l.balanceBf, l.amountPaid, l.amountPaidTax, l.balanceCf])).toEqual(
      expected.lines,
    );
    const { lines: _lines, ...figures } = expected;
    expect(advice).toMatchObject(figures);
    expect(advice.expenseList.map((e) => [e.description, e.amount])).toEqual(
      fx.expenses.filter((e) => Number(e.date.slice(5, 7)) === month).map((e) => [e.description, e.amount]),
    );
  });

  it('refuses a property of another company and an unknown company alike on both', async () => {
    for (const backend of backends) {
      await expect(backend.store.payAdviceReport({ companyId: 2, propertyId: ids.propertyId, month: 3, year: 2026 })).rejects.toMatchObject({
        kind: 'notFound',
      });
      await expect(backend.store.paidBalanceReport({ companyId: 999, month: 3, year: 2026 })).rejects.toMatchObject({ kind: 'notFound' });
    }
  });

  it('refuses a bad file whole on both, naming every bad row alike, and writes nothing', async () => {
    const bad = 'property_code,unit_no,tenant_account,date,amount\nBAO,A1,BAO-01,2026-04-05,100\nBAO,A9,BAO-01,2026-04-05,100\nBAO,A1,BAO-02,2026-04-31,-5\n';
    const refusals = await Promise.all(
      backends.map((b) =>
        b.store.importLedger(BAOBAB, 'receipts', bad).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    expect(refusals[0]).toMatchObject({ name: 'LedgerImportError' });
    expect((refusals[1] as Error).message).toBe((refusals[0] as Error).message);
    expect((refusals[0] as Error).message).toMatch(/line 3.*unit_no/s);
    for (const backend of backends) {
      expect(await backend.rows('select count(*) as n from receipts where company_id = $1', BAOBAB)).toEqual([{ n: fx.receipts.length }]);
    }
  });

  describe.each(backends)('the statement workflow on $name', (backend) => {
    it('prepares INTERIM (a new one replaces it), then FINAL once; approves once; marks paid once', async () => {
      const base = { companyId: BAOBAB, propertyId: ids.propertyId, month: 2, year: 2026, preparedByUserId: null, now: () => PREPARED_AT };
      const first = await backend.store.prepareStatement({ ...base, final: false });
      expect(first).toMatchObject({
        statementType: 'INTERIM',
        amtPyble: fx.FEBRUARY_COMBINED.netAmountDue,
        recievedRent: fx.FEBRUARY_COMBINED.rentReceived,
        prepareByName: 'Local administrator',
      });
      const second = await backend.store.prepareStatement({ ...base, final: false });
      const listed = async (paidPosted: 'ALL' | 'YES' | 'NO') =>
        (await backend.store.statementsReport({ companyId: BAOBAB, landlordId: ids.landlordId, paidPosted })).list.map((s) => [s.id, s.month, s.statementType]);
      expect(await listed('ALL')).toEqual([[second.id, 'FEBRUARY', 'INTERIM']]);
      const final = await backend.store.prepareStatement({ ...base, final: true });
      expect(final).toMatchObject({ statementType: 'FINAL', amtPyble: fx.FEBRUARY_COMBINED.netAmountDue });
      await expect(backend.store.prepareStatement({ ...base, final: true })).rejects.toMatchObject({ kind: 'conflict' });
      await expect(backend.store.prepareStatement({ ...base, final: false })).rejects.toMatchObject({ kind: 'conflict' });
      expect((await backend.store.payAdviceReport({ companyId: BAOBAB, propertyId: ids.propertyId, month: 2, year: 2026 })).statementType).toBe('FINAL');

      await expect(backend.store.markStatementPaid({ statementId: final.id, userId: null })).rejects.toMatchObject({ kind: 'conflict' });
      const approved = await backend.store.approveStatement({ statementId: final.id, companyId: BAOBAB, userId: null, now: () => PREPARED_AT + 1000 });
      expect(approved).toMatchObject({ approvedForPmt: 'YES', dateApproved: PREPARED_AT + 1000, approvedByName: 'Local administrator' });
      await expect(backend.store.approveStatement({ statementId: final.id, userId: null })).rejects.toMatchObject({ kind: 'conflict' });
      await expect(backend.store.approveStatement({ statementId: final.id, companyId: 2, userId: null })).rejects.toMatchObject({ kind: 'notFound' });
      await backend.store.markStatementPaid({ statementId: final.id, userId: null, reference: 'EFT-FEB', now: () => PREPARED_AT + 2000 });
      await expect(backend.store.markStatementPaid({ statementId: final.id, userId: null })).rejects.toMatchObject({ kind: 'conflict' });
      expect(await backend.rows('select amount_cents as amount from landlord_payments where statement_id = $1', final.id)).toEqual([
        { amount: Math.round(fx.FEBRUARY_COMBINED.netAmountDue * 100) },
      ]);
      expect(await listed('YES')).toEqual([[final.id, 'FEBRUARY', 'FINAL']]);
      expect(await listed('NO')).toEqual([[second.id, 'FEBRUARY', 'INTERIM']]);

      const document = await backend.store.statementDocument(final.id, BAOBAB);
      expect(document.rentLines.map((l) => l.unitNo)).toEqual(fx.FEBRUARY_COMBINED.lines.map((l) => l[0]));
      expect(document.statement).toMatchObject({ id: final.id, amtPyble: fx.FEBRUARY_COMBINED.netAmountDue });
      await expect(backend.store.statementDocument(final.id, 2)).rejects.toMatchObject({ kind: 'notFound' });
    });

    it('lets exactly one of two instances preparing the same FINAL at once through', async () => {
      const input = { companyId: BAOBAB, propertyId: ids.propertyId, month: 3, year: 2026, final: true, preparedByUserId: null, now: () => PREPARED_AT };
      const outcomes = await Promise.allSettled([backend.store.prepareStatement(input), backend.another.prepareStatement(input)]);
      const made = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(made).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toBeInstanceOf(ServiceError);
      expect(refused[0]!.reason).toMatchObject({ kind: 'conflict' });
      expect(
        await backend.rows(`select count(*) as n from statements where property_id = $1 and month_key = 202603 and statement_type = 'FINAL'`, ids.propertyId),
      ).toEqual([{ n: 1 }]);
      expect((made[0] as PromiseFulfilledResult<unknown>).value).toMatchObject({ ...fx.MARCH_COMBINED_STATEMENT, statementType: 'FINAL', month: 'MARCH' });
    });
  });

  it('ends with the same statements on both backends, record for record', async () => {
    const [sqliteJson, postgresJson, statements] = await onBoth((s) =>
      s.statementsReport({ companyId: BAOBAB, landlordId: ids.landlordId, paidPosted: 'ALL' }),
    );
    expect(statements.list.map((s) => [s.month, s.statementType])).toEqual([
      ['MARCH', 'FINAL'],
      ['FEBRUARY', 'FINAL'],
      ['FEBRUARY', 'INTERIM'],
    ]);
    expect(postgresJson).toBe(sqliteJson);
    const finalId = statements.list[1]!.id;
    const documents = await onBoth((s) => s.statementDocument(finalId, BAOBAB));
    expect(documents[1]).toBe(documents[0]);
    // The FINAL statements carry their balances forward alike: April opens from March's.
    const april = await onBoth((s) => s.payAdviceReport({ companyId: BAOBAB, propertyId: ids.propertyId, month: 4, year: 2026 }));
    expect(april[1]).toBe(april[0]);
    expect(april[2].balanceBf).toBe(0);
  });
});

// After the comparison of the two backends' statements: a failed insert uses up an id of PostgreSQL's sequence, not SQLite's.
describe.each(backends)('a prepare that breaks another unique index, on $name', (backend) => {
  it('refuses a second FINAL only for the index that allows one per month: another unique index broken while preparing is not "a second FINAL"', async () => {
    const at = PREPARED_AT + 7;
    const { propertyId } = await propertyIds(backend, BAOBAB);
    const base = { companyId: BAOBAB, propertyId, month: 6, year: 2026, preparedByUserId: null, now: () => at };
    // A unique index of the test's own: two statements prepared at the same instant break it.
    await backend.run('create unique index test_prepared_once on statements (property_id, date_prepared) where month_key = 202606');
    try {
      await backend.store.prepareStatement({ ...base, final: false });
      const broken = await backend.store.prepareStatement({ ...base, final: true }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(broken).toBeDefined();
      expect(broken).not.toBeInstanceOf(ServiceError);
      expect(String((broken as Error).message)).toMatch(/UNIQUE|unique/);
      expect(await backend.rows(`select count(*) as n from statements where property_id = $1 and month_key = 202606`, propertyId)).toEqual([{ n: 1 }]);
    } finally {
      await backend.run('drop index test_prepared_once');
      await backend.run(`delete from statements where property_id = $1 and month_key = 202606`, propertyId);
    }
  });
});

describe.each(
  Object.keys(BATCHINGS)
    .slice(1)
    .map((name, i) => ({ name, index: i })),
)('Baobab Court imported $name', ({ name, index }) => {
  it('gives the hand-worked figures, and the same records on both backends', async () => {
    const companyId = batchCompanies[index]!;
    for (const backend of backends) await importAll(backend.store, companyId, BATCHINGS[name]!);
    const ids = await propertyIds(onSqlite, companyId);
    for (const [, month, expected] of MONTHS) {
      const [sqliteJson, postgresJson, rows] = await onBoth((s) => s.paidBalanceReport({ companyId, month, year: 2026 }));
      expectFixtureRows(rows, expected);
      expect(postgresJson).toBe(sqliteJson);
    }
    for (const [, month, lldPaymentType, expected] of ADVICE_CASES) {
      const srvcId = lldPaymentType === 'SERVICE_CHARGE_ONLY' ? ids.serviceId : undefined;
      const [sqliteJson, postgresJson, advice] = await onBoth((s) =>
        s.payAdviceReport({ companyId, propertyId: ids.propertyId, month, year: 2026, lldPaymentType, srvcId }),
      );
      expect(postgresJson).toBe(sqliteJson);
      expect(advice.netAmountDue).toBe(expected.netAmountDue);
    }
  }, 60_000);
});

describe.each(backends)('imports meeting on one tenancy, on $name', (backend) => {
  /*
   * A1 rents at 1,000.00 a month. Eight receipts of 250.00 (2 to 5 January, 2 to 5 February)
   * come in eight files, and the charges of January to March in a ninth, all at once through
   * two instances. By hand: January and February are paid in full, March is owed; running
   * totals to each month's end: charged 1,000 / 2,000 / 3,000, paid 1,000 / 2,000 / 2,000.
   */
  it('leaves every running total right', async () => {
    const companyId = concurrentCompany;
    await importAll(backend.store, companyId, [
      ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
      ['properties', 'code,name,landlord_code\nP1,Mvule House,L1\n'],
      ['units', 'property_code,unit_no,market_rent\nP1,A1,1000\n'],
      ['tenants', 'account_no,name\nT1,Otieno\n'],
      ['tenancies', 'property_code,unit_no,tenant_account,from\nP1,A1,T1,2026-01-01\n'],
    ]);
    const receipts = ['01', '02'].flatMap((month) =>
      ['02', '03', '04', '05'].map((day) => `property_code,unit_no,tenant_account,date,amount\nP1,A1,T1,2026-${month}-${day},250\n`),
    );
    const charges =
      'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-01,rent,1000\nP1,A1,T1,2026-02,rent,1000\nP1,A1,T1,2026-03,rent,1000\n';
    const imports: [LedgerImportKind, string][] = [
      ...receipts.slice(0, 4).map((csv): [LedgerImportKind, string] => ['receipts', csv]),
      ['charges', charges],
      ...receipts.slice(4).map((csv): [LedgerImportKind, string] => ['receipts', csv]),
    ];
    await Promise.all(imports.map(([kind, csv], i) => (i % 2 === 0 ? backend.store : backend.another).importLedger(companyId, kind, csv)));

    const months = await backend.rows(
      `select m.month_key as month, m.rent_cents as rent, m.paid_rent_cents as paid, m.cum_rent_cents as "cumRent", m.cum_paid_rent_cents as "cumPaid"
         from ledger_months m join tenancies t on t.id = m.tenancy_id
        where t.company_id = $1 and m.service_key = 0 order by m.month_key`,
      companyId,
    );
    expect(months).toEqual([
      { month: 202601, rent: 100_000, paid: 100_000, cumRent: 100_000, cumPaid: 100_000 },
      { month: 202602, rent: 100_000, paid: 100_000, cumRent: 200_000, cumPaid: 200_000 },
      { month: 202603, rent: 100_000, paid: 0, cumRent: 300_000, cumPaid: 200_000 },
    ]);
    expect(
      await backend.rows(
        'select cast(sum(amount_cents) as bigint) as paid from receipt_allocations a join tenancies t on t.id = a.tenancy_id where t.company_id = $1',
        companyId,
      ),
    ).toEqual([{ paid: 200_000 }]);
    const march = (await backend.store.paidBalanceReport({ companyId, month: 3, year: 2026 }))[0]!;
    expect(march).toMatchObject({ rentWoTax: 1000, paidRent: 0, rentWoTaxPrev: 2000, paidRentPrev: 2000, rentBalBf: 0, rentBalCf: 1000, totalCf: 1000 });
  }, 60_000);
});

describe.each(backends)('reference files meeting, on $name', (backend) => {
  it('lets one of two instances letting one unit for the same months, or adding one landlord code, through; the other is refused naming it', async () => {
    const companyId = concurrentCompany;
    await importAll(backend.store, companyId, [
      ['units', 'property_code,unit_no,market_rent\nP1,A2,800\n'],
      ['tenants', 'account_no,name\nT2,Njeri\nT3,Kamau\n'],
    ]);
    const lettings = await Promise.allSettled([
      backend.store.importLedger(companyId, 'tenancies', 'property_code,unit_no,tenant_account,from\nP1,A2,T2,2026-01-01\n'),
      backend.another.importLedger(companyId, 'tenancies', 'property_code,unit_no,tenant_account,from\nP1,A2,T3,2026-02-01\n'),
    ]);
    expect(lettings.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((lettings.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason.message).toMatch(
      /line 2, from: unit A2 of P1 is let already for part of this period/,
    );
    expect(
      await backend.rows('select count(*) as n from tenancies t join units u on u.id = t.unit_id where u.unit_no = $1 and t.company_id = $2', 'A2', companyId),
    ).toEqual([{ n: 1 }]);

    const landlords = await Promise.allSettled([
      backend.store.importLedger(companyId, 'landlords', 'code,name\nL9,Achieng Otieno\n'),
      backend.another.importLedger(companyId, 'landlords', 'code,name\nL9,Achieng Otieno\n'),
    ]);
    expect(landlords.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((landlords.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason.message).toMatch(/line 2, code: landlord code "L9" already exists/);
  }, 60_000);
});

describe.each(backends)('receipts booked once per payment reference, on $name', (backend) => {
  const header = 'property_code,unit_no,tenant_account,date,amount,reference\n';
  const october = `${header}P1,A1,T1,2026-10-05,1000,QX12AB34CD\nP1,A2,T2,2026-10-06,800,QX12AB34CE\n`;
  const paidInOctober = async () =>
    (await backend.store.paidBalanceReport({ companyId: receiptsOnceCompany, month: 10, year: 2026 })).map((row) => [row.unitNo, row.paidRent]);

  beforeAll(async () => {
    await importAll(backend.store, receiptsOnceCompany, [
      ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
      ['properties', 'code,name,landlord_code\nP1,Mninga House,L1\n'],
      ['units', 'property_code,unit_no,market_rent\nP1,A1,1000\nP1,A2,800\nP1,A3,900\n'],
      ['tenants', 'account_no,name\nT1,Otieno\nT2,Njeri\nT3,Kamau\n'],
      ['tenancies', 'property_code,unit_no,tenant_account,from\nP1,A1,T1,2026-01-01\nP1,A2,T2,2026-01-01\nP1,A3,T3,2026-01-01\n'],
    ]);
  });

  it('skips a file imported again, says how many were there already, and the figures are those of one import', async () => {
    expect(await backend.store.importLedger(receiptsOnceCompany, 'receipts', october)).toEqual({ kind: 'receipts', rows: 2, imported: 2, alreadyBooked: 0 });
    const once = await paidInOctober();
    expect(once).toEqual([
      ['A1', 1000],
      ['A2', 800],
      ['A3', 0],
    ]);
    expect(await backend.store.importLedger(receiptsOnceCompany, 'receipts', october)).toEqual({ kind: 'receipts', rows: 2, imported: 0, alreadyBooked: 2 });
    // An overlapping statement: one payment booked, one new; the reference compared without case or spaces.
    const overlapping = `${header}P1,A1,T1,2026-10-05,1000,qx12 ab34cd\nP1,A3,T3,2026-10-07,900,QX12AB34CF\n`;
    expect(await backend.store.importLedger(receiptsOnceCompany, 'receipts', overlapping)).toEqual({
      kind: 'receipts',
      rows: 2,
      imported: 1,
      alreadyBooked: 1,
    });
    expect(await paidInOctober()).toEqual([
      ['A1', 1000],
      ['A2', 800],
      ['A3', 900],
    ]);
  });

  it('refuses the same reference with another amount or tenancy, naming the line and the receipt booked, and writes nothing of the file', async () => {
    const [booked] = await backend.rows<{ id: number }>(`select id from receipts where company_id = $1 and reference = 'QX12AB34CD'`, receiptsOnceCompany);
    const otherAmount = `${header}P1,A3,T3,2026-10-20,50,QX12AB34CG\nP1,A1,T1,2026-10-05,100,QX12AB34CD\nP1,A3,T3,2026-10-08,900,QX12AB34CE\n`;
    const refused = await backend.store.importLedger(receiptsOnceCompany, 'receipts', otherAmount).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      `line 3, reference: QX12AB34CD is already booked as receipt ${booked!.id}: 1,000.00 from T1 on 2026-10-05; this line has 100.00 from T1`,
    );
    expect(refused).toMatch(/line 4, reference: QX12AB34CE is already booked as receipt \d+: 800\.00 from T2 on 2026-10-06; this line has 900\.00 from T3/);
    const twice = `${header}P1,A3,T3,2026-10-20,50,QX12AB34CH\nP1,A3,T3,2026-10-21,50,QX12AB34CH\n`;
    await expect(backend.store.importLedger(receiptsOnceCompany, 'receipts', twice)).rejects.toThrow(
      /line 3, reference: QX12AB34CH is also on line 2: one payment, one line/,
    );
    expect(
      await backend.rows(`select count(*) as n from receipts where company_id = $1 and reference in ('QX12AB34CG', 'QX12AB34CH')`, receiptsOnceCompany),
    ).toEqual([{ n: 0 }]);
  });

  it('books each payment once when two instances import overlapping files at once', async () => {
    const payments = Array.from(
      { length: 12 },
      (_, i) => `P1,A${(i % 3) + 1},T${(i % 3) + 1},2026-11-${String(i + 1).padStart(2, '0')},${100 + i},NV${String(i).padStart(8, '0')}`,
    );
    const first = `${header}${payments.slice(0, 8).join('\n')}\n`;
    const second = `${header}${payments.slice(4).join('\n')}\n`;
    const results = await Promise.all([
      backend.store.importLedger(receiptsOnceCompany, 'receipts', first),
      backend.another.importLedger(receiptsOnceCompany, 'receipts', second),
    ]);
    expect(results.reduce((sum, r) => sum + r.imported, 0)).toBe(12);
    expect(results.reduce((sum, r) => sum + r.alreadyBooked, 0)).toBe(4);
    expect(
      await backend.rows(
        `select count(*) as n, count(distinct reference) as refs, cast(sum(amount_cents) as bigint) as cents from receipts where company_id = $1 and reference like 'NV%'`,
        receiptsOnceCompany,
      ),
    ).toEqual([{ n: 12, refs: 12, cents: payments.reduce((sum, _, i) => sum + (100 + i) * 100, 0) }]);
  }, 60_000);
});

describe.each(backends)('a NUL character in an import file, on $name', (backend) => {
  it('is refused with its line and column, and nothing of the file is written', async () => {
    const refused = await backend.store.importLedger(receiptsOnceCompany, 'landlords', 'code,name\nL7,Achieng\nL8,Ot\u0000ieno\n').then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/line 3, name: holds a NUL character \(U\+0000\)/);
    expect(await backend.rows(`select count(*) as n from landlords where company_id = $1 and code in ('L7', 'L8')`, receiptsOnceCompany)).toEqual([{ n: 0 }]);
  });
});

describe('a ledger derived again after an upgrade', () => {
  it('gives the same reports as before on both backends, and is done once', async () => {
    for (const backend of backends) {
      const before = JSON.stringify(await backend.store.paidBalanceReport({ companyId: BAOBAB, month: 3, year: 2026 }));
      // What an upgrade from an older allocation rule leaves: allocations and month totals to derive again.
      for (const sql of [
        'delete from receipt_allocations where tenancy_id in (select id from tenancies where company_id = $1)',
        'delete from ledger_months where tenancy_id in (select id from tenancies where company_id = $1)',
        'insert into ledger_rederive_pending (company_id) values ($1)',
      ]) {
        await backend.run(sql, BAOBAB);
      }
      expect(await backend.store.rederivePendingLedgers()).toBe(1);
      expect(await backend.store.rederivePendingLedgers()).toBe(0);
      expect(JSON.stringify(await backend.store.paidBalanceReport({ companyId: BAOBAB, month: 3, year: 2026 }))).toBe(before);
    }
  });
});

describe('money beyond the safe range on PostgreSQL', () => {
  it('is refused, never rounded into a report', async () => {
    const { propertyId } = await propertyIds(onPostgres, BAOBAB);
    // 2^60 cents: a bigint PostgreSQL holds exactly, and no JS number does.
    await onPostgres.run(
      `insert into expenses (company_id, property_id, expense_date, description, amount_cents) values ($1, $2, $3, 'Too much', 1152921504606846976)`,
      BAOBAB,
      propertyId,
      Date.UTC(2026, 5, 10),
    );
    await expect(onPostgres.store.payAdviceReport({ companyId: BAOBAB, propertyId, month: 6, year: 2026 })).rejects.toThrow(
      /beyond JavaScript's safe range: 1152921504606846976/,
    );
    await onPostgres.run(`delete from expenses where description = 'Too much'`);
  });
});
