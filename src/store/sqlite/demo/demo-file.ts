/**
 * A new SQLite file of demo data (`shopprop demo`), and what the command says of it: how much
 * company 1 got, and the first shop, cashier and cashbook a profile can default to.
 */
import { openStore } from '../open-db.js';
import { seedDemo, type DemoOptions } from './seed-demo.js';

export interface DemoSummary {
  /** Company 1's sales, serialised units and rental units. */
  sales: number;
  units: number;
  rentalUnits: number;
  /** Company 1's first shop, cashier and cashbook. */
  retailShopId: number | undefined;
  userId: number | undefined;
  cashbookId: number | undefined;
}

export async function createDemoFile(file: string, options: DemoOptions): Promise<DemoSummary> {
  const store = await openStore(file);
  try {
    await seedDemo(store, options);
    const counts = store.sqlite
      .prepare(
        `select (select count(*) from cash_sales where company_id = 1) as sales,
                (select count(*) from item_specs where company_id = 1) as units,
                (select count(*) from units u join properties p on p.id = u.property_id where p.company_id = 1) as rental_units`,
      )
      .get() as { sales: number; units: number; rental_units: number };
    const pick = (sql: string) => (store.sqlite.prepare(sql).get() as { id: number } | undefined)?.id;
    return {
      sales: counts.sales,
      units: counts.units,
      rentalUnits: counts.rental_units,
      retailShopId: pick('select id from retail_shops where company_id = 1 order by id limit 1'),
      userId: pick("select id from users where company_id = 1 and role = 'cashier' order by id limit 1"),
      cashbookId: pick('select id from cashbooks where company_id = 1 order by id limit 1'),
    };
  } finally {
    await store.close();
  }
}
