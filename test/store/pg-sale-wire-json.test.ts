/**
 * The list text PostgreSQL keeps with each sale (cash_sales.wire_json, a generated column) is
 * the bytes wire-json.ts writes for the sale's fields, which is SQLite's json_object: checked over
 * generated sales when they are written and again after each is updated. (After `local copy`
 * it is compared with SQLite's own text in postgres-copy.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { jsonInteger, jsonReal, jsonText } from '../../src/store/wire-json.js';
import { usePostgres, withClient } from '../helpers/postgres.js';

const postgres = usePostgres();

interface Sale {
  issueDate: number;
  issuedTo: string | null;
  phone: string | null;
  paid: number;
  total: number;
  discount: number;
  tax: number;
  method: 'CASH' | 'MPESA' | 'CHECK';
  refNo: string | null;
  notes: string | null;
  shop: boolean;
}

// PostgreSQL's text holds neither NUL nor a lone surrogate.
const someText = fc.option(fc.string({ unit: 'binary', maxLength: 20 }).map((t) => t.replace(/[\ud800-\udfff]/g, '?').replaceAll(String.fromCharCode(0), '?')));
const cents = fc.oneof(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(0, 1, 10, 100, 1500, 99_999));
const sale: fc.Arbitrary<Sale> = fc
  .record({
    issueDate: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    issuedTo: someText,
    phone: someText,
    paid: cents,
    extra: cents,
    discount: cents,
    tax: cents,
    method: fc.constantFrom('CASH' as const, 'MPESA' as const, 'CHECK' as const),
    refNo: someText,
    notes: someText,
    shop: fc.boolean(),
  })
  .map(({ extra, ...rest }) => ({ ...rest, total: rest.paid + extra }));

/** The record as the SQLite list sends it (SALE_RECORD_JSON's keys and order), written in JavaScript. */
function inJavaScript(id: number, receiptNo: string, s: Sale): string {
  const money = (c: number) => jsonReal(c / 100);
  return (
    `{"id":${jsonInteger(id)},"issueDate":${jsonInteger(s.issueDate)},"issuedTo":${jsonText(s.issuedTo)},"issuedToPhone":${jsonText(s.phone)},` +
    `"amountPaid":${money(s.paid)},"paymentMethod":${jsonText(s.method)},"transactionType":${jsonText(s.method)},"refNo":${jsonText(s.refNo)},` +
    `"receiptNo":${jsonText(receiptNo)},"notes":${jsonText(s.notes)},"companyId":1,"cashbookId":null,"retailShopId":${s.shop ? 1 : 'null'},"userId":1,` +
    `"totalDiscount":${money(s.discount)},"totalTax":${money(s.tax)},"subTotal":${money(s.total - s.tax)},"totalAmount":${money(s.total)},` +
    `"balance":${money(s.total - s.paid)}}`
  );
}

const COLUMNS = `issue_date, issued_to, issued_to_phone, amount_paid_cents, payment_method, transaction_type, ref_no, notes, retail_shop_id,
  total_discount_cents, total_tax_cents, sub_total_cents, total_amount_cents, balance_cents`;
const values = (s: Sale) => [
  s.issueDate,
  s.issuedTo,
  s.phone,
  s.paid,
  s.method,
  s.method,
  s.refNo,
  s.notes,
  s.shop ? 1 : null,
  s.discount,
  s.tax,
  s.total - s.tax,
  s.total,
  s.total - s.paid,
];

describe('the sale list text PostgreSQL keeps with each sale', () => {
  it('is the bytes wire-json.ts writes, when the sale is written and after it is updated', async () => {
    const written = fc.sample(sale, { numRuns: 400, seed: 2911 });
    const updated = fc.sample(sale, { numRuns: 400, seed: 2912 });
    const url = await postgres.createDatabase();
    const pool = openPostgresPool(url);
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
    await withClient(url, async (client) => {
      await client.query(`insert into companies (id, name) values (1, 'A');
        insert into users (id, company_id, name, role) values (1, 1, 'u', 'cashier');
        insert into retail_shops (id, company_id, name) values (1, 1, 'Shop')`);
      const stored = async () =>
        (await client.query<{ id: string; receipt_no: string; wire_json: string }>('select id, receipt_no, wire_json from cash_sales order by id')).rows;

      for (const [i, s] of written.entries()) {
        await client.query(
          `insert into cash_sales (company_id, user_id, receipt_no, created_at, updated_at, ${COLUMNS})
           values (1, 1, $15, 0, 0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [...values(s), `R${i + 1}`],
        );
      }
      const afterInsert = await stored();
      expect(afterInsert).toHaveLength(written.length);
      for (const [i, row] of afterInsert.entries())
        expect(row.wire_json, JSON.stringify(written[i])).toBe(inJavaScript(Number(row.id), row.receipt_no, written[i]!));

      for (const [i, row] of afterInsert.entries()) {
        await client.query(`update cash_sales set (${COLUMNS}) = ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) where id = $15`, [
          ...values(updated[i]!),
          row.id,
        ]);
      }
      const afterUpdate = await stored();
      for (const [i, row] of afterUpdate.entries())
        expect(row.wire_json, JSON.stringify(updated[i])).toBe(inJavaScript(Number(row.id), row.receipt_no, updated[i]!));
    });
  });
});
