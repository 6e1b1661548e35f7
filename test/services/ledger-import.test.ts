import { afterEach, describe, expect, it } from 'vitest';
import { importLedger, LedgerImportError, paidBalanceReport } from '../helpers/sqlite-units.js';
import { baobabStore } from '../helpers/baobab-store.js';
import { MARCH_ROWS } from '../fixtures/baobab-court.js';
import { fullExpected } from '../helpers/fixture-ledger.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fresh() {
  const fixture = await baobabStore();
  close = fixture.close;
  return fixture;
}

async function refused(run: () => Promise<unknown>): Promise<LedgerImportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof LedgerImportError) return error;
    throw error;
  }
  throw new Error('the import was not refused');
}

const count = (store: { sqlite: { prepare(sql: string): { get(): unknown } } }, table: string) =>
  (store.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('ledger import', () => {
  it('imports the fixture and allocates its receipts as they come in', async () => {
    const { store, ids } = await fresh();
    expect(count(store, 'units')).toBe(6);
    expect(count(store, 'tenancies')).toBe(6);
    expect(count(store, 'charges')).toBe(23);
    expect(count(store, 'receipts')).toBe(10);
    const carol = store.sqlite
      .prepare(
        `select a.charge_id is null as advance, a.part, a.amount_cents as amount from receipt_allocations a
           join tenancies t on t.id = a.tenancy_id join tenants n on n.id = t.tenant_id
          where n.account_no = 'BAO-05' order by a.id`,
      )
      .all();
    expect(carol).toEqual([
      { advance: 0, part: 'rent', amount: 3_000_000 },
      { advance: 0, part: 'rent_tax', amount: 480_000 },
      { advance: 1, part: 'rent', amount: 8_520_000 },
    ]);
    const rows = await paidBalanceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 });
    expect(rows).toHaveLength(MARCH_ROWS.length);
    rows.forEach((row, i) => {
      const figures = Object.fromEntries(Object.keys(fullExpected(MARCH_ROWS[i]!)).map((k) => [k, row[k as keyof typeof row]]));
      expect(figures).toEqual(fullExpected(MARCH_ROWS[i]!));
    });
  });

  it('lists every bad row with its line and field, and imports nothing', async () => {
    const { store } = await fresh();
    const before = count(store, 'expenses');
    const error = await refused(() =>
      importLedger(
        store,
        1,
        'expenses',
        [
          'property_code,date,description,amount',
          'BAO,2026-03-01,Ok,100',
          'NOPE,2026-03-01,Painting,100',
          'BAO,2026-02-30,Painting,12.345',
          'BAO,2026-03-02,,-5',
          'BAO,2026-03-03,Paint,0',
        ].join('\n'),
      ),
    );
    expect(error.problems).toEqual([
      { line: 3, field: 'property_code', message: expect.stringMatching(/^no property "NOPE" \(import properties first\); property codes: "/) },
      { line: 4, field: 'date', message: '"2026-02-30" is not a date (YYYY-MM-DD)' },
      { line: 4, field: 'amount', message: '"12.345" is not an amount (a number of at least 0 with at most two decimals, e.g. 15000 or 1234.50)' },
      { line: 5, field: 'description', message: 'is required' },
      { line: 5, field: 'amount', message: '"-5" is not an amount (a number of at least 0 with at most two decimals, e.g. 15000 or 1234.50)' },
      { line: 6, field: 'amount', message: 'must be more than 0' },
    ]);
    expect(error.message).toMatch(/^expenses file refused, nothing imported \(6 problems\):\n {2}line 3, property_code: no property "NOPE"/);
    expect(count(store, 'expenses')).toBe(before);
  });

  it('refuses missing and unknown columns, naming the columns it takes', async () => {
    const { store } = await fresh();
    const error = await refused(() => importLedger(store, 1, 'tenants', 'account,name,colour\nX1,Y,red\n'));
    expect(error.problems.map((p) => p.message)).toEqual([
      'missing column account_no',
      'unknown columns account, colour; the columns are account_no*, name*, phone',
    ]);
    expect((await refused(() => importLedger(store, 1, 'tenants', 'account_no,name\n"X1,Y\n'))).problems[0]!.message).toMatch(/not a readable CSV file/);
    expect((await refused(() => importLedger(store, 1, 'tenants', 'account_no,name\n'))).problems[0]!.message).toBe('the file holds no rows');
  });

  it('matches header names in any case, with or without _, - and spaces', async () => {
    const { store } = await fresh();
    expect(await importLedger(store, 1, 'tenants', 'accountNo,Name,PHONE\nNEW-1,Amina,+254 700 000 009\n')).toEqual({
      kind: 'tenants',
      rows: 1,
      imported: 1,
      alreadyBooked: 0,
    });
    const csv = 'Property Code,unit-no,TENANT_ACCOUNT,date,Amount,reference\nBAO,A1,BAO-01,2026-03-20,100,R-1\n';
    expect(await importLedger(store, 1, 'receipts', csv)).toEqual({ kind: 'receipts', rows: 1, imported: 1, alreadyBooked: 0 });
    const twice = await refused(() => importLedger(store, 1, 'tenants', 'account_no,accountNo,name\nX,X,Y\n'));
    expect(twice.problems).toEqual([{ line: 1, field: 'account_no', message: 'column account_no appears twice ("account_no" and "accountNo")' }]);
  });

  it('refuses keys already in the store or twice in the file', async () => {
    const { store } = await fresh();
    const error = await refused(() => importLedger(store, 1, 'tenants', 'account_no,name\nBAO-01,Again\nNEW-1,A\nNEW-1,B\n'));
    expect(error.problems).toEqual([
      { line: 2, field: 'account_no', message: 'tenant account "BAO-01" already exists' },
      { line: 4, field: 'account_no', message: 'tenant account "NEW-1" is also on line 3' },
    ]);
  });

  it('refuses a tenancy that overlaps another of the same unit, and a charge recorded twice', async () => {
    const { store } = await fresh();
    const overlap = await refused(() =>
      importLedger(store, 1, 'tenancies', 'property_code,unit_no,tenant_account,from,to\nBAO,A1,BAO-02,2026-02-01,2026-02-28\n'),
    );
    expect(overlap.problems[0]).toMatchObject({ line: 2, field: 'from' });
    const twice = await refused(() =>
      importLedger(store, 1, 'charges', 'property_code,unit_no,tenant_account,month,kind,amount\nBAO,A1,BAO-01,2026-03,rent,20000\n'),
    );
    expect(twice.problems[0]).toEqual({ line: 2, field: 'month', message: 'the rent charge of 2026-03 is already recorded for this tenancy' });
    const notTenant = await refused(() =>
      importLedger(store, 1, 'charges', 'property_code,unit_no,tenant_account,month,kind,amount\nBAO,A3,BAO-03,2026-03,rent,12000\n'),
    );
    expect(notTenant.problems[0]!.message).toBe('BAO-03 does not rent A3 of BAO in 2026-03');
  });

  it('keeps other companies apart: codes resolve only within the company', async () => {
    const { store } = await fresh();
    const error = await refused(() => importLedger(store, 2, 'units', 'property_code,unit_no,market_rent\nBAO,Z1,100\n'));
    expect(error.problems[0]!.message).toBe('no property "BAO" (import properties first); there are none yet');
  });

  it('takes the tax of a charge from the unit’s rate when the file leaves it out', async () => {
    const { store } = await fresh();
    await importLedger(store, 1, 'charges', 'property_code,unit_no,tenant_account,month,kind,amount\nBAO,A10,BAO-05,2026-04,rent,30000\n');
    const row = store.sqlite.prepare(`select tax_cents from charges where month_key = 202604`).get();
    expect(row).toEqual({ tax_cents: 480_000 });
  });
});
