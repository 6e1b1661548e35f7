import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { PayAdvice } from '../../../src/contract/index.js';
import { renderPayAdvice, type DocumentOptions } from '../../../src/cli/output/document.js';
import { OutputUsageError } from '../../../src/cli/output/errors.js';
import { TextSink } from './sink.js';

// June 2024 in Nairobi: 2024-05-31 21:00 UTC to 2024-06-30 20:59:59.999 UTC.
const FROM = Date.UTC(2024, 4, 31, 21, 0);
const TO = Date.UTC(2024, 5, 30, 20, 59, 59, 999);
const EXPENSE_DATE = Date.UTC(2024, 5, 14, 9, 0);

const advice: PayAdvice = {
  rentReceived: 151000.5,
  totalUtility: 0,
  periodIncome: 151000.5,
  termLeaseRecpt: 0,
  periodExpense: 2500,
  manFees: 15100.05,
  manFeesVat: 2416.01,
  manFeesRate: 10,
  totalDeductions: 20016.06,
  balanceBf: -1000,
  deferredAmount: 0,
  deferredPayment: 0,
  netAmountDue: 129984.44,
  statementType: 'INTERIM',
  withEffectFrom: FROM,
  withEffectTo: TO,
  stmtIncomeLabel: 'Rent',
  rentsList: [
    { unitNo: 'A1', tenantName: 'Achieng, Mary', monthlyCharge: 75000, invoiced: 75000, balanceBf: 0, amountPaid: 75000.5, amountPaidTax: 0, balanceCf: -0.5 },
    { unitNo: 'A2', tenantName: 'VACANT', monthlyCharge: 76000, invoiced: 0, balanceBf: 0, amountPaid: 0, amountPaidTax: 0, balanceCf: 0 },
    {
      unitNo: 'B1',
      tenantName: 'Otieno "Jr"',
      monthlyCharge: 76000,
      invoiced: 76000,
      balanceBf: 1000.1,
      amountPaid: 76000,
      amountPaidTax: 0,
      balanceCf: 1000.1,
    },
  ],
  expenseList: [{ txnDate: EXPENSE_DATE, description: 'Plumbing, block A', amount: 2500 }],
};

async function render(opts: DocumentOptions, doc: object = advice) {
  const sink = new TextSink();
  await renderPayAdvice(doc as PayAdvice, sink, opts);
  return sink.text;
}

describe('pay advice', () => {
  it('prints a table of labelled amounts, then rent lines with totals, then expenses', async () => {
    const text = await render({ format: 'table' });
    expect(text).toMatch(/│ Rent received\s+│\s+151,000\.50 │/);
    expect(text).toMatch(/│ Net amount due\s+│\s+129,984\.44 │/);
    expect(text).toMatch(/│ Balance brought forward\s+│\s+-1,000\.00 │/);
    expect(text).toMatch(/│ From\s+│\s+2024-06-01 │/);
    expect(text).toMatch(/│ To\s+│\s+2024-06-30 │/);
    const rents = text.slice(text.indexOf('Rent lines'), text.indexOf('Expenses', text.indexOf('Rent lines')));
    expect(rents).toContain('Achieng, Mary');
    expect(rents).toMatch(/│ Total +│ +│ +227,000\.00 │ +1,000\.10 │ +151,000\.00 │ +151,000\.50 │ +0\.00 │ +999\.60 │/);
    const expenses = text.slice(text.indexOf('Expenses', text.indexOf('Rent lines')));
    expect(expenses).toMatch(/2024-06-14 │ Plumbing, block A │ +2,500\.00/);
  });

  it('says so when there are no expense lines', async () => {
    const text = await render({ format: 'table' }, { ...advice, expenseList: [] });
    expect(text).toContain('Expenses: none');
  });

  it('prints JSON with ISO dates, or epoch ms when raw', async () => {
    const parsed = JSON.parse(await render({ format: 'json' })) as Record<string, unknown>;
    expect(parsed.withEffectFrom).toBe('2024-05-31T21:00:00.000Z');
    expect(parsed.netAmountDue).toBe(129984.44);
    expect((parsed.expenseList as Record<string, unknown>[])[0]?.txnDate).toBe('2024-06-14T09:00:00.000Z');
    expect(parsed.rentsList).toEqual(advice.rentsList);
    const raw = JSON.parse(await render({ format: 'json', raw: true })) as Record<string, unknown>;
    expect(raw).toEqual(advice);
  });

  it('prints ndjson as the object on one line', async () => {
    const text = await render({ format: 'ndjson', raw: true });
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd()).not.toContain('\n');
    expect(JSON.parse(text)).toEqual(advice);
  });

  it('exports the rent lines as CSV by default, the expenses on request', async () => {
    const rents = parse(await render({ format: 'csv' }), { columns: true }) as Record<string, string>[];
    expect(rents).toHaveLength(3);
    expect(rents[0]).toEqual({
      unitNo: 'A1',
      tenantName: 'Achieng, Mary',
      monthlyCharge: '75000.00',
      invoiced: '75000.00',
      balanceBf: '0.00',
      amountPaid: '75000.50',
      amountPaidTax: '0.00',
      balanceCf: '-0.50',
    });
    expect(rents[2]?.tenantName).toBe('Otieno "Jr"');
    const expenses = parse(await render({ format: 'csv', section: 'expenses' }), { columns: true }) as Record<string, string>[];
    expect(expenses).toEqual([{ txnDate: '2024-06-14T12:00:00.000+03:00', description: 'Plumbing, block A', amount: '2500.00' }]);
  });

  it('takes --fields and --bom for the CSV export', async () => {
    const text = await render({ format: 'csv', fields: ['tenantName', 'balanceCf'], bom: true });
    expect(text.startsWith('\ufefftenantName,balanceCf\r\n"Achieng, Mary",-0.50\r\n')).toBe(true);
  });

  it('refuses options that mean nothing outside CSV, and unknown sections', async () => {
    await expect(render({ format: 'json', fields: ['unitNo'] })).rejects.toThrow(OutputUsageError);
    await expect(render({ format: 'table', section: 'rents' })).rejects.toThrow(OutputUsageError);
    await expect(render({ format: 'csv', section: 'fees' })).rejects.toThrow(/expected one of: rents, expenses/);
    await expect(render({ format: 'csv', fields: ['nope'] })).rejects.toThrow(/unknown field "nope" for rent line/);
  });

  it('shows fields it does not know instead of dropping them', async () => {
    const text = await render({ format: 'table' }, { ...advice, bonusNote: 'extra' });
    expect(text).toMatch(/│ bonusNote\s+│\s+extra │/);
  });
});
