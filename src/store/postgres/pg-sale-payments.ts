/**
 * The payments of given sales of one company on PostgreSQL, as SQLite's
 * (store/sqlite/sale-payments.repository.ts): each channel row with its channel's name and
 * method, and for a sale saved without channels its whole amountPaid as one payment by its
 * paymentMethod; money from cents by fromCents. Sales of other companies are not seen.
 */
import type pg from 'pg';
import type { SalePayment } from '../../contract/sale-payments.js';
import { fromCents } from '../../domain/money.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

const SALE_PAYMENTS = `select c.sale_id as "saleId", c.channel_id as "channelId", p.name, p.method, nullif(c.reference_no, '') as "referenceNo",
    c.amount_cents as "amountCents", c.tendered_cents as "tenderedCents", c.id as n
  from cash_sale_channels c join payment_channels p on p.id = c.channel_id
  where c.company_id = $1 and c.sale_id = any($2)
union all
select s.id, null, s.payment_method, s.payment_method, null, s.amount_paid_cents, null, 0
  from cash_sales s
  where s.company_id = $1 and s.id = any($2) and s.amount_paid_cents > 0
    and not exists (select 1 from cash_sale_channels c where c.sale_id = s.id)
order by "saleId", n`;

interface PaymentRow {
  saleId: number;
  channelId: number | null;
  name: string;
  method: SalePayment['method'];
  referenceNo: string | null;
  amountCents: number;
  tenderedCents: number | null;
}

export async function salePaymentsOnPostgres(pool: pg.Pool, companyId: number, saleIds: readonly number[]): Promise<SalePayment[]> {
  if (saleIds.length === 0) return [];
  return inTransaction(pool, async (client) => {
    const result = await client.query(SALE_PAYMENTS, [companyId, [...new Set(saleIds)]]);
    return result.rows.map((raw) => {
      const row = numbersOf<PaymentRow>(raw as Record<string, unknown>);
      return {
        saleId: row.saleId,
        channelId: row.channelId,
        name: row.name,
        method: row.method,
        referenceNo: row.referenceNo,
        amount: fromCents(row.amountCents),
        tendered: row.tenderedCents === null ? null : fromCents(row.tenderedCents),
        change: row.tenderedCents === null ? null : fromCents(row.tenderedCents - row.amountCents),
      };
    });
  });
}
