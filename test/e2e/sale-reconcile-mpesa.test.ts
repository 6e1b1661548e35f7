/**
 * `shopprop sale reconcile mpesa` with the built binary on the local store: sales saved by M-Pesa
 * (piped `sale save`), then the till's statement as the portal exports it (header lines, CRLF,
 * quoted amounts with thousands separators, a charge and a payment of another day) compared
 * with them: a payment with no sale, a sale's code not on the statement, an amount that
 * differs are listed; the totals per shop and cashier add up.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { demoHome } from '../helpers/demo-store.js';
import { runCli } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';

const { dir: home, db } = demoHome();
// A day before the demo's sales (the last 18 months), so the period holds only this test's sales.
const DAY = '2023-03-10';
let refs: CompanyRefs;
let cashier: string;
let shop: string;
const saved: Record<string, { receiptNo: string; amount: number }> = {};

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function saveByMpesa(code: string, qty: number): Promise<void> {
  const body = saleBody(refs, [accessoryLine(refs, qty)], {
    over: { issueDate: DAY, paymentMethod: 'MPESA', transactionType: 'MPESA', refNo: `TILL-${code}` },
  });
  body.channelsDto = [{ channelId: refs.channels.MPESA, referenceNo: code, amount: body.amountPaid }];
  const result = await runCli(['--db', db, 'sale', 'save', '--file', '-', '--format', 'json'], { home, input: JSON.stringify(body) });
  expect(result.code, result.stderr).toBe(0);
  saved[code] = { receiptNo: (JSON.parse(result.stdout) as { receiptNo: string }).receiptNo, amount: body.amountPaid };
}

beforeAll(async () => {
  const store = await openStore(db);
  try {
    refs = companyRefs(store, 1);
    cashier = (store.sqlite.prepare('select name from users where id = ?').get(refs.userId) as { name: string }).name;
    shop = (store.sqlite.prepare('select name from retail_shops where id = ?').get(refs.shopId) as { name: string }).name;
  } finally {
    await store.close();
  }
  await saveByMpesa('QA11111111', 3);
  await saveByMpesa('QB22222222', 5);
  await saveByMpesa('QC33333333', 1);
}, 120_000);

/** The statement as the portal writes it: its lines about the till, then the table; CRLF. */
function statement(): string {
  const row = (code: string, time: string, details: string, paidIn: string, withdrawn: string, party: string) =>
    [code, time, time, details, 'Completed', paidIn, withdrawn, '"1,000,000.00"', 'true', 'Buy Goods', party, '', ''].join(',');
  return (
    [
      'Organization Name,"ACME PHONES, KISUMU"',
      'Organization short code,512345',
      'Time Period,From 10-03-2023 00:00:00 To 11-03-2023 23:59:59',
      'Operator,ACCOUNTS01',
      ',',
      'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
      row('QA11111111', '2023-03-10 10:15:02', 'Merchant Payment', `"${money(saved.QA11111111!.amount)}"`, '', '2547****126 - FAITH ODHIAMBO'),
      row(
        'QB22222222',
        '2023-03-10 11:01:44',
        'Merchant Payment',
        `"${money((Math.round(saved.QB22222222!.amount * 100) + 100) / 100)}"`,
        '',
        '2547****509 - LUCY ALI',
      ),
      row('QD44444444', '2023-03-10 12:30:00', 'Merchant Payment', '"1,250.00"', '', '2547****999 - JOHN ROE'),
      row('QF66666666', '2023-03-10 12:31:00', 'Business Charges', '', '52.00', ''),
      row('QE55555555', '2023-03-11 09:00:00', 'Merchant Payment', '"2,000.00"', '', '2547****310 - DAVID ALI'),
    ].join('\r\n') + '\r\n'
  );
}

describe('sale reconcile mpesa', () => {
  it("lists the till's payment with no sale, the sale code not on the statement and the amount that differs", async () => {
    const file = join(home, 'till-march.csv');
    writeFileSync(file, statement());
    const result = await runCli(['--db', db, 'sale', 'reconcile', 'mpesa', file, '--from', DAY, '--to', DAY, '--company', '1', '--format', 'json'], { home });
    expect(result.code, result.stderr).toBe(0);
    const findings = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(findings.map((f) => [f.finding, f.code, f.statementAmount, f.saleAmount, f.receiptNo])).toEqual([
      // The sales' time is the day's start (a date was sent); the payments' their completion time.
      ['sale code not on statement', 'QC33333333', null, saved.QC33333333!.amount, saved.QC33333333!.receiptNo],
      ['amount differs', 'QB22222222', (Math.round(saved.QB22222222!.amount * 100) + 100) / 100, saved.QB22222222!.amount, saved.QB22222222!.receiptNo],
      ['till payment with no sale', 'QD44444444', 1250, null, null],
    ]);
    expect(findings[0]).toMatchObject({ shop, cashier, note: 'not on the statement' });
    expect(findings[2]).toMatchObject({ when: '2023-03-10 12:30:00', note: '2547****999 - JOHN ROE' });
    expect(result.stderr).toContain('2 sale payments found on the statement; 1 sale code not on it');
    expect(result.stderr).toContain('1 till payment with no sale (1,250.00)');
  }, 60_000);

  it('gives the totals per shop and cashier as CSV; a file that is not the statement is refused (exit 2)', async () => {
    const file = join(home, 'till-march-2.csv');
    writeFileSync(file, statement());
    const result = await runCli(['--db', db, 'sale', 'reconcile', 'mpesa', file, '--from', DAY, '--to', DAY, '--company', '1', '--totals', '--format', 'csv'], {
      home,
    });
    expect(result.code, result.stderr).toBe(0);
    // Sums in cents: amounts are never added as floats.
    const cents = (code: string) => Math.round(saved[code]!.amount * 100);
    const text = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const total = text(cents('QA11111111') + cents('QB22222222') + cents('QC33333333'));
    const matched = text(cents('QA11111111') + cents('QB22222222'));
    expect(result.stdout.trim().split(/\r?\n/)).toEqual([
      'shop,cashier,salePayments,saleAmount,matchedAmount,notOnStatement,notOnStatementAmount',
      `${shop},${cashier},3,${total},${matched},1,${text(cents('QC33333333'))}`,
    ]);

    const wrong = join(home, 'not-a-statement.csv');
    writeFileSync(wrong, 'code,amount\r\nQA11111111,100\r\n');
    const refused = await runCli(['--db', db, 'sale', 'reconcile', 'mpesa', wrong, '--from', DAY, '--to', DAY, '--company', '1'], { home });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no table with the columns Receipt No., Completion Time, Paid In');
  }, 60_000);
});
