/**
 * The payments of given sales of one company: each channel row with its channel's name and
 * method, and for a sale saved without channels its whole amountPaid as one payment by its
 * paymentMethod. Money leaves SQL as cents / 100.0. Sales of other companies are not seen.
 */
import type { SalePayment } from '../../contract/sale-payments.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

/**
 * Parameters: company id, the sale ids as a JSON array, then both again. The unary plus on
 * `s.company_id` keeps SQLite from reading the sales through the company's index, which walked
 * every sale of the company for each call (59 ms for 1,000 ids among 90k sales); the ids are
 * looked up by primary key instead (2 ms), and the company is checked on each row found.
 */
export const SALE_PAYMENTS_SQL = `select c.sale_id as saleId, c.channel_id as channelId, p.name as name, p.method as method,
    nullif(c.reference_no, '') as referenceNo, c.amount_cents / 100.0 as amount,
    c.tendered_cents / 100.0 as tendered, (c.tendered_cents - c.amount_cents) / 100.0 as change, c.id as n
  from cash_sale_channels c join payment_channels p on p.id = c.channel_id
  where c.company_id = ? and c.sale_id in (select value from json_each(?))
union all
select s.id, null, s.payment_method, s.payment_method, null, s.amount_paid_cents / 100.0, null, null, 0
  from cash_sales s
  where +s.company_id = ? and s.id in (select value from json_each(?)) and s.amount_paid_cents > 0
    and not exists (select 1 from cash_sale_channels c where c.sale_id = s.id)
order by saleId, n`;

export function salePayments(store: Store, companyId: number, saleIds: readonly number[]): SalePayment[] {
  if (saleIds.length === 0) return [];
  const ids = JSON.stringify([...new Set(saleIds)]);
  return prepared<[number, string, number, string], SalePayment & { n?: number }>(store, SALE_PAYMENTS_SQL)
    .all(companyId, ids, companyId, ids)
    .map(({ n: _n, ...payment }) => payment);
}
