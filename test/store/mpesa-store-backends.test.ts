/**
 * M-Pesa payments booked into the ledger, the same tests on both engines (a SQLite file and a
 * PostgreSQL database, each opened as `serve` opens it): a statement booked once however often
 * and however concurrently it is imported, a payment matched by the tenant's account or the
 * unit's reference typed loosely, the same code with another amount refused, a reversal of a
 * booked payment reported, and Daraja's confirmation booked once or kept unmatched once.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopStore } from '../../src/store/open/open-shop-store.js';
import { MpesaImportError } from '../../src/store/rules/mpesa-import-plan.js';
import { StatementReader, type StatementLine } from '../../src/store/rules/mpesa-statement.js';
import type { DarajaPayment } from '../../src/store/mpesa-store.js';
import type { ShopStore } from '../../src/store/shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
afterAll(() => temp.remove());

const REFERENCE: [Parameters<ShopStore['importLedger']>[1], string][] = [
  ['landlords', 'code,name\nL1,Wanjiru\n'],
  ['properties', 'code,name,landlord_code\nP0001,Mvule House,L1\nP0002,Baobab Court,L1\n'],
  ['units', 'property_code,unit_no,market_rent\nP0001,A1,40000\nP0001,A9,36000\nP0002,1,2000\n'],
  ['tenants', 'account_no,name,phone\nT1-000001,Faith Odhiambo,0722000126\nT1-000009,Lucy Ali,\nT1-000013,David Ali,\n'],
  ['tenancies', 'property_code,unit_no,tenant_account,from\nP0001,A1,T1-000001,2026-01-01\nP0001,A9,T1-000009,2026-01-01\nP0002,1,T1-000013,2026-01-01\n'],
];

/** Statement records (cells) as the reader takes them, header block first. */
function statement(rows: string[][]): StatementLine[] {
  const reader = new StatementReader();
  const records = [
    ['Organization Name', 'SAVANNA'],
    [''],
    ['Receipt No.', 'Completion Time', 'Details', 'Transaction Status', 'Paid In', 'Withdrawn', 'Reason Type', 'Linked Transaction ID', 'A/C No.'],
    ...rows,
  ];
  const lines = records.flatMap((cells, i) => reader.push(cells, i + 1) ?? []);
  reader.finish();
  return lines;
}

const pay = (code: string, time: string, amount: string, account: string) => [
  code,
  time,
  `Pay Bill Acc. ${account}`,
  'Completed',
  amount,
  '',
  'Pay Bill Online',
  '',
  account,
];

const OCTOBER = statement([
  pay('SJ51K2LM3N', '2026-10-31 18:42:09', '40,000.00', 'T1-000001'),
  ['SJ51K2LM3P', '2026-10-31 18:40:55', 'Business Charges', 'Completed', '', '52.00', 'Pay Bill Charge', '', ''],
  pay('SJ41H7QW2Z', '2026-10-05 09:15:02', '36,000.00', 'p0001 a9'),
  pay('SJ41H7QW3A', '2026-10-05 10:01:44', '750.00', '4471'),
  pay('SJ21F5NU0Y', '2026-10-02 11:05:33', '2,000.00', 't1 000013'),
]);

const daraja = (over: Partial<DarajaPayment> = {}): DarajaPayment => ({
  TransactionType: 'Pay Bill',
  TransID: 'SK51K2LM3N',
  TransTime: '20261101090000',
  TransAmount: '1000.00',
  BusinessShortCode: '600123',
  BillRefNumber: 'T1-000013',
  MSISDN: '2547 ***** 126',
  FirstName: 'DAVID',
  ...over,
});

interface Engine {
  name: string;
  open(): Promise<ShopStore>;
}

const engines: Engine[] = [
  { name: 'SQLite', open: async () => openShopStore(join(temp.dir, `shop-${Math.random().toString(36).slice(2)}.db`)) },
  { name: 'PostgreSQL', open: async () => openShopStore(await postgres.createDatabase()) },
];

describe.each(engines)('M-Pesa payments on $name', (engine) => {
  let store: ShopStore;
  let company: number;
  const paid = async (month = 10) => {
    const rows = await store.paidBalanceReport({ companyId: company, month, year: 2026 });
    return Object.fromEntries(rows.map((r) => [r.tenant, r.paidRent]));
  };

  beforeAll(async () => {
    store = await engine.open();
    company = (await store.setUpCompany({ name: 'Savanna' })).companyId;
    for (const [kind, csv] of REFERENCE) await store.importLedger(company, kind, csv);
    await store.configureMpesa({ companyId: company, newSecret: 'a-secret-of-twenty-chars-or-more', addShortCodes: ['600123'] });
  }, 60_000);
  afterAll(() => store.close());

  it('books a statement once: matched by account and loosely typed unit reference, the rest set aside; again books nothing', async () => {
    const dry = await store.importMpesaStatement(company, OCTOBER, { dryRun: true });
    expect(dry.summary.booked).toEqual({ count: 3, cents: 7_800_000 });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 0, 'Lucy Ali': 0, 'David Ali': 0 });

    const first = await store.importMpesaStatement(company, OCTOBER, { dryRun: false });
    expect(first.summary).toMatchObject({
      lines: 5,
      booked: { count: 3, cents: 7_800_000 },
      alreadyBooked: { count: 0 },
      setAside: { count: 1, cents: 75_000 },
    });
    expect(first.summary.notPayments.charge).toMatchObject({ count: 1, withdrawn: 5200 });
    expect(first.summary.byProperty).toEqual([
      { propertyCode: 'P0001', count: 2, cents: 7_600_000 },
      { propertyCode: 'P0002', count: 1, cents: 200_000 },
    ]);
    expect(first.setAside.map((s) => [s.payment.code, s.reason])).toEqual([['SJ41H7QW3A', 'unmatched']]);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36000, 'David Ali': 2000 });

    const again = await store.importMpesaStatement(company, OCTOBER, { dryRun: false });
    expect(again.summary).toMatchObject({ booked: { count: 0 }, alreadyBooked: { count: 3, cents: 7_800_000 }, setAside: { count: 1 } });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36000, 'David Ali': 2000 });
  });

  it('books two overlapping statements imported at once, each payment once', async () => {
    const a = statement([pay('SL01AAAAA1', '2026-10-10 10:00:00', '100.00', 'T1-000009'), pay('SL01AAAAA2', '2026-10-11 10:00:00', '200.00', 'T1-000013')]);
    const b = statement([pay('SL01AAAAA2', '2026-10-11 10:00:00', '200.00', 'T1-000013'), pay('SL01AAAAA3', '2026-10-12 10:00:00', '300.00', 'T1-000009')]);
    const [ra, rb] = await Promise.all([store.importMpesaStatement(company, a, { dryRun: false }), store.importMpesaStatement(company, b, { dryRun: false })]);
    expect(ra.summary.booked.count + rb.summary.booked.count).toBe(3);
    expect(ra.summary.alreadyBooked.count + rb.summary.alreadyBooked.count).toBe(1);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36400, 'David Ali': 2200 });
  });

  it('refuses the whole file when a code is booked with another amount, naming the line and the receipt', async () => {
    const changed = statement([
      pay('SL01AAAAA9', '2026-10-20 10:00:00', '10.00', 'T1-000009'),
      pay('SJ51K2LM3N', '2026-10-31 18:42:09', '41,000.00', 'T1-000001'),
    ]);
    const refusal = await store.importMpesaStatement(company, changed, { dryRun: false }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MpesaImportError);
    expect((refusal as Error).message).toMatch(
      /line 5, Receipt No\.: SJ51K2LM3N is already booked as receipt \d+: 40,000\.00 from T1-000001 on 2026-10-31; this line has 41,000\.00 for T1-000001/,
    );
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36400, 'David Ali': 2200 });
  });

  it('reports a reversal of a booked payment and books a payment its own statement reverses nowhere', async () => {
    const reversals = statement([
      ['SM01REVER1', '2026-11-02 09:00:00', 'Reversal of SJ51K2LM3N', 'Completed', '', '40,000.00', 'Reversal', 'SJ51K2LM3N', ''],
      pay('SM01PAID01', '2026-11-02 10:00:00', '500.00', 'T1-000009'),
      ['SM01REVER2', '2026-11-02 11:00:00', 'Reversal of SM01PAID01', 'Completed', '', '500.00', 'Reversal', 'SM01PAID01', ''],
    ]);
    const result = await store.importMpesaStatement(company, reversals, { dryRun: false });
    expect(result.summary.reversalsOfBooked).toEqual([
      expect.stringMatching(/^line 4: SM01REVER1 reverses SJ51K2LM3N, booked as receipt \d+ \(40,000\.00 from T1-000001 on 2026-10-31\)/),
    ]);
    expect(result.summary.notPayments['reversed payment']).toMatchObject({ count: 1, cents: 50_000 });
    expect(result.summary.booked.count).toBe(0);
  });

  it('books a confirmation once however often Daraja sends it, and keeps one that matches nothing once', async () => {
    expect(await store.mpesaCompanyOfSecret('a-secret-of-twenty-chars-or-more')).toBe(company);
    expect(await store.mpesaCompanyOfSecret('wrong')).toBeUndefined();
    expect(await store.validateMpesaPayment(company, daraja())).toBe(true);
    expect(await store.validateMpesaPayment(company, daraja({ BillRefNumber: '4471' }))).toBe(false);
    const outcomes = await Promise.all([store.confirmMpesaPayment(company, daraja(), 1), store.confirmMpesaPayment(company, daraja(), 2)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already', 'booked']);
    expect((await paid(11))['David Ali']).toBe(1000);
    const unknown = daraja({ TransID: 'SK51K2LM3Q', BillRefNumber: '4471', TransAmount: '750' });
    const kept = await Promise.all([store.confirmMpesaPayment(company, unknown, 3), store.confirmMpesaPayment(company, unknown, 4)]);
    expect(kept.map((o) => o.kind).sort()).toEqual(['already', 'kept']);
    expect((await store.mpesaUnmatched(company)).map((k) => [k.code, k.amount, k.account])).toEqual([['SK51K2LM3Q', 75_000, '4471']]);
    await expect(store.confirmMpesaPayment(company, daraja({ TransID: 'SK51K2LM3R', BusinessShortCode: '999999' }), 5)).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('books a kept payment when the accountant assigns it, and lists it no more', async () => {
    const reader = new StatementReader();
    const records = [
      ['receipt_no', 'completion_time', 'amount', 'account_no', 'payer', 'reason', 'candidates', 'tenant_account'],
      ['SK51K2LM3Q', '2026-11-01 09:00:00', '750.00', '4471', '', '', '', 'p0001-a9'],
    ];
    const lines = records.flatMap((cells, i) => reader.push(cells, i + 1) ?? []);
    const result = await store.importMpesaStatement(company, lines, { dryRun: false });
    expect(result.summary.booked).toEqual({ count: 1, cents: 75_000 });
    expect(await store.mpesaUnmatched(company)).toEqual([]);
  });
});
