import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '../../src/domain/money.js';
import { listSaleJson, saleJsonQuery } from '../../src/store/sqlite/cash-sale-list.repository.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { makeTempDir } from '../helpers/temp-dir.js';

interface SaleRow {
  issueDate: number;
  issuedTo: string | null;
  issuedToPhone: string | null;
  paidCents: number;
  method: 'CASH' | 'MPESA' | 'CHECK';
  refNo: string | null;
  notes: string | null;
  discountCents: number;
  taxCents: number;
  subTotalCents: number;
}

/** Text a sale may carry: quotes, backslashes, control characters, any Unicode, or none. */
const text = fc.option(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('"', '\\', '\u0000\n\t\u001f', '</script>', '\u2028')), {
  nil: null,
});
const cents = fc.integer({ min: 0, max: 2 ** 50 });

const saleRow: fc.Arbitrary<SaleRow> = fc.record({
  issueDate: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  issuedTo: text,
  issuedToPhone: text,
  paidCents: cents,
  method: fc.constantFrom('CASH', 'MPESA', 'CHECK'),
  refNo: text,
  notes: text,
  discountCents: cents,
  taxCents: cents,
  subTotalCents: cents,
});

describe('cash sale list read from the store as JSON text', () => {
  const temp = makeTempDir();
  let store: Store;
  let companyId = 0;

  beforeAll(async () => {
    store = await openStore(join(temp.dir, 'sales.db'));
  });
  afterAll(async () => {
    await store.close();
    temp.remove();
  });

  /** A company of its own with these sales; returns the records the contract says it must list. */
  function companyWith(rows: SaleRow[]) {
    companyId += 1;
    store.sqlite.prepare("insert into companies (id, name, time_zone, vat_rate_bp, receipt_seq) values (?, 'C', 'Africa/Nairobi', 1600, 0)").run(companyId);
    const insert = store.sqlite.prepare(
      `insert into cash_sales (company_id, issue_date, issued_to, issued_to_phone, amount_paid_cents, payment_method, transaction_type,
         ref_no, receipt_no, notes, sub_total_cents, total_discount_cents, total_tax_cents, total_amount_cents, balance_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    const records = rows.map((row, index) => {
      const totalCents = row.paidCents + row.subTotalCents;
      const id = Number(
        insert.run(
          companyId,
          row.issueDate,
          row.issuedTo,
          row.issuedToPhone,
          row.paidCents,
          row.method,
          row.method,
          row.refNo,
          `R${index}`,
          row.notes,
          row.subTotalCents,
          row.discountCents,
          row.taxCents,
          totalCents,
          row.subTotalCents,
        ).lastInsertRowid,
      );
      return {
        id,
        issueDate: row.issueDate,
        issuedTo: row.issuedTo,
        issuedToPhone: row.issuedToPhone,
        amountPaid: fromCents(row.paidCents),
        paymentMethod: row.method,
        transactionType: row.method,
        refNo: row.refNo,
        receiptNo: `R${index}`,
        notes: row.notes,
        companyId,
        cashbookId: null,
        retailShopId: null,
        userId: null,
        totalDiscount: fromCents(row.discountCents),
        totalTax: fromCents(row.taxCents),
        subTotal: fromCents(row.subTotalCents),
        totalAmount: fromCents(totalCents),
        balance: fromCents(row.subTotalCents),
      };
    });
    const newestFirst = [...records].sort((a, b) => b.issueDate - a.issueDate || b.id - a.id);
    return newestFirst;
  }

  it('is each sale as its contract record, in contract field order, newest first, whatever its text and amounts', () => {
    fc.assert(
      fc.property(fc.array(saleRow, { minLength: 1, maxLength: 8 }), (rows) => {
        const expected = companyWith(rows);
        const texts = listSaleJson(store, { companyId }, { start: 0 });
        const records = texts.map((t) => JSON.parse(t) as Record<string, unknown>);
        expect(records).toEqual(expected);
        for (const record of records) expect(Object.keys(record)).toEqual(Object.keys(expected[0]!));
      }),
      { numRuns: 150 },
    );
  });

  it('pages by offset and by keyset give the same records as the whole list', () => {
    const expected = companyWith(
      Array.from({ length: 23 }, (_, i) => ({
        issueDate: 1_000 * (i % 7),
        issuedTo: `c${i}`,
        issuedToPhone: null,
        paidCents: i,
        method: 'CASH' as const,
        refNo: null,
        notes: null,
        discountCents: 0,
        taxCents: 0,
        subTotalCents: 100,
      })),
    );
    const ids = (texts: string[]) => texts.map((t) => (JSON.parse(t) as { id: number }).id);
    const byOffset = [0, 10, 20].flatMap((start) => ids(listSaleJson(store, { companyId }, { start, limit: 10 })));
    const first = listSaleJson(store, { companyId }, { start: 0, limit: 10 });
    const last = JSON.parse(first.at(-1)!) as { issueDate: number; id: number };
    const afterFirst = ids(listSaleJson(store, { companyId }, { start: 10, limit: 10 }, { issueDate: last.issueDate, id: last.id }));
    expect(byOffset).toEqual(expected.map((r) => r.id));
    expect(afterFirst).toEqual(expected.slice(10, 20).map((r) => r.id));
  });

  it("shows a sale's changed fields at once (SQLite keeps the index that holds the text)", () => {
    const [sale] = companyWith([
      {
        issueDate: 5,
        issuedTo: 'before',
        issuedToPhone: null,
        paidCents: 100,
        method: 'CASH',
        refNo: null,
        notes: null,
        discountCents: 0,
        taxCents: 0,
        subTotalCents: 0,
      },
    ]);
    store.sqlite.prepare("update cash_sales set issued_to = 'after', notes = 'n' where id = ?").run(sale!.id);
    expect(JSON.parse(listSaleJson(store, { companyId }, { start: 0 })[0]!)).toMatchObject({ id: sale!.id, issuedTo: 'after', notes: 'n' });
    store.sqlite.prepare('delete from cash_sales where id = ?').run(sale!.id);
    expect(listSaleJson(store, { companyId }, { start: 0 })).toEqual([]);
  });

  it("reads a company's pages from the index alone (the expression in the store matches the migration's)", () => {
    const plan = ({ sql, params }: { sql: string; params: number[] }) =>
      (store.sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join('\n');
    expect(plan(saleJsonQuery({ companyId: 1 }, { start: 0, limit: 50 }))).toMatch(/^SEARCH cash_sales USING COVERING INDEX cash_sales_company_wire/);
    expect(plan(saleJsonQuery({ companyId: 1 }, { start: 50, limit: 50 }, { issueDate: 1, id: 1 }))).toMatch(
      /^SEARCH cash_sales USING COVERING INDEX cash_sales_company_wire/,
    );
  });
});
