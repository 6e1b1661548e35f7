/**
 * The store's unit of work for a sale (writeSale): given the rows of a checked sale it writes
 * them all, on a real SQLite file with the demo data; the save service's tests cover the checks
 * around it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { writeSale } from '../../src/store/units/sale-save.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteEngine } from '../../src/store/sqlite/sqlite-engine.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { companyRefs, unitsInStock, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { type SaleToWrite } from '../../src/store/tables/sale-to-write.js';
import type { Tx } from '../../src/store/unit-of-work/transaction.js';

const temp = makeTempDir();
let store: Store;
let refs: CompanyRefs;

beforeAll(async () => {
  store = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(store, { now: TEST_NOW });
  refs = companyRefs(store, 1);
});
afterAll(async () => {
  await store.close();
  temp.remove();
});

const one = <T>(sql: string, ...params: unknown[]) => store.sqlite.prepare(sql).get(...params) as T;
const receiptSeq = () => one<{ seq: number }>('select receipt_seq as seq from companies where id = 1').seq;
/** Work in a write unit of the store's engine (BEGIN IMMEDIATE ... COMMIT), rolled back whole when it throws. */
const inWriteUnit = <T>(work: (tx: Tx) => Promise<T>) => sqliteEngine(store).unit('write', work);

/** A one-line sale of 1 unit at 100.00 (no tax), paid in cash. */
function sale(unitId: number | null, over: Partial<SaleToWrite> = {}): SaleToWrite {
  return {
    header: {
      company_id: 1,
      issue_date: TEST_NOW,
      issued_to: 'Store test',
      issued_to_phone: '',
      amount_paid_cents: 10_000,
      payment_method: 'CASH',
      transaction_type: 'CASH',
      ref_no: 'STORE-WRITE',
      notes: '',
      cashbook_id: refs.cashbookId,
      retail_shop_id: refs.shopId,
      user_id: refs.userId,
      sub_total_cents: 10_000,
      total_discount_cents: 0,
      total_tax_cents: 0,
      total_amount_cents: 10_000,
      balance_cents: 0,
      updated_at: TEST_NOW,
    },
    lines: [
      {
        item_name: 'thing',
        item_product_id: refs.accessory.id,
        item_category_id: null,
        item_spec_id: unitId,
        price_cents: 10_000,
        original_price_cents: 10_000,
        default_price_cents: 10_000,
        unit_cost_cents: 5_000,
        qty_milli: 1000,
        discount_cents: 0,
        tax_inc_exc: 1,
        tax_rate_id: null,
        tax_rate_bp: 0,
        tax_cents: 0,
        line_total_cents: 10_000,
        profit_cents: 5_000,
      },
    ],
    channels: [{ channel_id: refs.channels.CASH, reference_no: 'C1', amount_cents: 10_000, tendered_cents: 20_000, mpesa_code: null }],
    created: { idempotency_key: null, request_hash: null, created_at: TEST_NOW },
    ...over,
  };
}

describe('writeSale', () => {
  it("writes a new sale whole: the next receipt number, its header, lines (with the header's company, date, shop and user), channels, its unit sold", async () => {
    const [unit] = unitsInStock(store, 1, 1);
    const seq = receiptSeq();
    const written = await inWriteUnit((tx) => writeSale(tx, sale(unit!.id)));
    if (!('id' in written)) throw new Error('not written');
    expect(written.receiptNo).toBe(`R${String(seq + 1).padStart(6, '0')}`);
    expect(one('select receipt_no, ref_no, total_amount_cents from cash_sales where id = ?', written.id)).toEqual({
      receipt_no: written.receiptNo,
      ref_no: 'STORE-WRITE',
      total_amount_cents: 10_000,
    });
    expect(one('select company_id, line_no, issue_date, retail_shop_id, user_id, item_spec_id from cash_sale_lines where sale_id = ?', written.id)).toEqual({
      company_id: 1,
      line_no: 0,
      issue_date: TEST_NOW,
      retail_shop_id: refs.shopId,
      user_id: refs.userId,
      item_spec_id: unit!.id,
    });
    expect(one('select company_id, amount_cents, tendered_cents from cash_sale_channels where sale_id = ?', written.id)).toEqual({
      company_id: 1,
      amount_cents: 10_000,
      tendered_cents: 20_000,
    });
    expect(one('select status from item_specs where id = ?', unit!.id)).toEqual({ status: 'sold' });
  });

  it("reports a line whose unit it cannot mark sold (here another company's), and writes nothing once the caller rolls back", async () => {
    // The save's checks refuse such a unit before; a unit of this company sold twice is refused by the unique index on the lines.
    const [unit] = unitsInStock(store, 2, 1);
    const seq = receiptSeq();
    const sales = one<{ n: number }>('select count(*) as n from cash_sales').n;
    let reported: unknown;
    await expect(
      inWriteUnit(async (tx) => {
        reported = await writeSale(tx, sale(unit!.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Checked outside the unit: an assertion failing inside it would be taken for the rollback itself.
    expect(reported).toEqual({ unitTakenOnLine: 0, unitId: unit!.id });
    expect(receiptSeq()).toBe(seq);
    expect(one<{ n: number }>('select count(*) as n from cash_sales').n).toBe(sales);
  });

  it("an update keeps the receipt number, replaces the lines and puts the old lines' unit back in stock", async () => {
    const [first, second] = unitsInStock(store, 1, 2);
    const created = await inWriteUnit((tx) => writeSale(tx, sale(first!.id)));
    if (!('id' in created)) throw new Error('not written');
    const seq = receiptSeq();
    const updated = await inWriteUnit((tx) => writeSale(tx, sale(second!.id, { replaces: { id: created.id, receipt_no: created.receiptNo } })));
    expect(updated).toEqual({ id: created.id, receiptNo: created.receiptNo });
    expect(receiptSeq()).toBe(seq);
    expect(store.sqlite.prepare('select item_spec_id from cash_sale_lines where sale_id = ?').all(created.id)).toEqual([{ item_spec_id: second!.id }]);
    expect(one('select status, sold_line_id from item_specs where id = ?', first!.id)).toEqual({ status: 'in_stock', sold_line_id: null });
    expect(one('select status from item_specs where id = ?', second!.id)).toEqual({ status: 'sold' });
  });
});
