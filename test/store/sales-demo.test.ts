import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';

const NOW = Date.UTC(2026, 10, 15, 9, 0, 0);

async function seeded(seed: number): Promise<Store> {
  const store = await openStore(':memory:');
  await seedDemo(store, { seed, now: NOW });
  return store;
}

const totals = (store: Store) =>
  store.sqlite.prepare('select id, receipt_no, issue_date, total_amount_cents, total_tax_cents, balance_cents from cash_sales order by id').all();

describe('sales demo data', () => {
  it('is the same for the same seed, and different for another', async () => {
    const [a, b, c] = await Promise.all([seeded(7), seeded(7), seeded(8)]);
    try {
      expect(totals(a)).toEqual(totals(b));
      expect(totals(a)).not.toEqual(totals(c));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('is consistent: totals are sums of lines, units sold once, receipt numbers follow the sequence', async () => {
    const store = await seeded(20261122);
    try {
      const q = (sql: string) => store.sqlite.prepare(sql).all();
      expect(
        q(`select s.id from cash_sales s join (select sale_id, sum(line_total_cents) t, sum(tax_cents) x, sum(discount_cents) d from cash_sale_lines group by sale_id) l on l.sale_id = s.id
            where s.total_amount_cents != l.t or s.total_tax_cents != l.x or s.total_discount_cents != l.d`),
      ).toEqual([]);
      expect(
        q(
          `select id from cash_sales where amount_paid_cents != coalesce((select sum(amount_cents) from cash_sale_channels c where c.sale_id = cash_sales.id), 0)`,
        ),
      ).toEqual([]);
      expect(
        q(`select count(*) n from item_specs u join cash_sale_lines l on l.id = u.sold_line_id where u.status = 'sold' and l.item_spec_id = u.id`),
      ).toEqual(q(`select count(*) n from cash_sale_lines where item_spec_id is not null`));
      expect(
        q(
          `select c.id, c.receipt_seq = (select count(*) from cash_sales s where s.company_id = c.id) ok, (select max(receipt_no) from cash_sales s where s.company_id = c.id) last from companies c`,
        ),
      ).toEqual([
        { id: 1, ok: 1, last: 'R000900' },
        { id: 2, ok: 1, last: 'R000090' },
      ]);
      expect(q(`select count(*) n from cash_sales where balance_cents > 0`)[0]).not.toEqual({ n: 0 });
      expect(q(`select max(issue_date) <= ${NOW} ok from cash_sales`)).toEqual([{ ok: 1 }]);
    } finally {
      await store.close();
    }
  });
});
