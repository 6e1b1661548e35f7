/**
 * Payments as a cashier and an accountant see them: `sale list` (json, csv, table) carries each
 * sale's payments, `receipt print` lists them and takes a receipt number, and the shop filter
 * pages like every list. In-process over the local store with demo data.
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../../helpers/demo-store.js';
import { readRows } from '../../helpers/read-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

const { dir: home, db } = demoHome();

const query = <T>(sql: string, ...params: unknown[]) => readRows<T>(db, sql, ...params);

const cli = (...args: string[]) => runInProcess(['--db', db, ...args], { home });

/** A demo sale paid through two channels, with its channel rows as stored. */
function splitSale() {
  const [sale] = query<{ id: number; receipt_no: string }>(
    `select s.id, s.receipt_no from cash_sales s where s.company_id = 1 and (select count(*) from cash_sale_channels c where c.sale_id = s.id) = 2 order by s.id limit 1`,
  );
  const channels = query<{ name: string; method: string; reference_no: string; amount_cents: number }>(
    'select p.name, p.method, c.reference_no, c.amount_cents from cash_sale_channels c join payment_channels p on p.id = c.channel_id where c.sale_id = ? order by c.id',
    sale!.id,
  );
  return { ...sale!, channels };
}

describe('payments shown', () => {
  it("sale list --format json carries each sale's payments", async () => {
    const split = splitSale();
    const result = await cli('sale', 'list', '--company', '1', '--all', '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const sales = JSON.parse(result.stdout) as {
      id: number;
      amountPaid: number;
      payments: { name: string; method: string; amount: number; referenceNo: string | null }[];
    }[];
    const sale = sales.find((s) => s.id === split.id)!;
    expect(sale.payments.map((p) => [p.name, p.method, Math.round(p.amount * 100), p.referenceNo ?? ''])).toEqual(
      split.channels.map((c) => [c.name, c.method, c.amount_cents, c.reference_no]),
    );
    // Every sale's payments add up to what it says was paid.
    for (const s of sales) expect(s.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(Math.round(s.amountPaid * 100));
  });

  it('sale list --format csv has a payments column with names, amounts and references', async () => {
    const split = splitSale();
    const result = await cli('sale', 'list', '--company', '1', '--all', '--format', 'csv');
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('payments');
    const row = rows.find((r) => r.startsWith(`${split.id},`))!;
    const expected = split.channels.map((c) => `${c.name} ${(c.amount_cents / 100).toFixed(2)}${c.reference_no ? ` ref ${c.reference_no}` : ''}`).join('; ');
    expect(row.endsWith(`,${expected}`)).toBe(true);
  });

  it('receipt print takes the receipt number and lists every payment with its reference', async () => {
    const split = splitSale();
    const byNumber = await cli('receipt', 'print', split.receipt_no.toLowerCase(), '--company', '1');
    expect(byNumber.code, byNumber.stderr).toBe(0);
    const byId = await cli('receipt', 'print', String(split.id), '--company', '1');
    expect(byNumber.stdout).toBe(byId.stdout);
    const lines = byNumber.stdout.split('\n');
    expect(lines).toContain(`RECEIPT${' '.repeat(41 - split.receipt_no.length)}${split.receipt_no}`);
    for (const channel of split.channels) {
      const amount = (channel.amount_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(lines).toContain(`${channel.name}${' '.repeat(48 - channel.name.length - amount.length)}${amount}`);
      if (channel.reference_no) expect(lines).toContain(`  Ref ${channel.reference_no}`);
    }
    expect(lines.some((l) => l.startsWith('Amount paid'))).toBe(true);
  });

  it('receipt print names a receipt number that does not exist, and refuses what is neither', async () => {
    const missing = await cli('receipt', 'print', 'R999999', '--company', '1');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no receipt R999999 in company 1');
    const wrong = await cli('receipt', 'print', '12.5', '--company', '1');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('expected a sale id (e.g. 120) or a receipt number (e.g. R000120)');
  });

  it("sale list --shop 2 --limit 3 pages the shop's sales like any list, newest first", async () => {
    const expected = query<{ id: number }>('select id from cash_sales where retail_shop_id = 2 order by issue_date desc, id desc');
    const first = await cli('sale', 'list', '--shop', '2', '--limit', '3', '--format', 'json');
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as { id: number }[]).map((s) => s.id)).toEqual(expected.slice(0, 3).map((s) => s.id));
    expect(first.stderr).toContain(`showing 3 of ${expected.length.toLocaleString('en-US')}`);
    const second = await cli('sale', 'list', '--shop', '2', '--start', '3', '--limit', '3', '--company', '1', '--format', 'json');
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as { id: number }[]).map((s) => s.id)).toEqual(expected.slice(3, 6).map((s) => s.id));
  });

  it('sale list --shop with --sales-person lists the sales of both', async () => {
    const [pair] = query<{ shop: number; user: number }>(
      'select retail_shop_id as shop, user_id as user from cash_sales where company_id = 1 group by 1, 2 order by count(*) desc limit 1',
    );
    const expected = query<{ id: number }>(
      'select id from cash_sales where retail_shop_id = ? and user_id = ? order by issue_date desc, id desc',
      pair!.shop,
      pair!.user,
    );
    const result = await cli('sale', 'list', '--shop', String(pair!.shop), '--sales-person', String(pair!.user), '--all', '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { id: number }[]).map((s) => s.id)).toEqual(expected.map((s) => s.id));
  });
});
