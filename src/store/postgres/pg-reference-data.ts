/**
 * What a till keeps of the company to sell offline, on PostgreSQL, as SQLite's
 * (store/sqlite/reference-data.repository.ts): read in one REPEATABLE READ transaction so the
 * lists agree with each other; text ordered bytewise (collate "C"), as SQLite orders it.
 */
import type pg from 'pg';
import type { ReferenceData } from '../../contract/reference-data.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

export async function referenceDataOnPostgres(pool: pg.Pool, companyId: number, unitIds: readonly number[]): Promise<ReferenceData | undefined> {
  return inTransaction(pool, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    const all = async <T>(sql: string, params: unknown[] = [companyId]) => (await client.query(sql, params)).rows.map((r) => numbersOf<T>(r as Record<string, unknown>));
    const [company] = await all<ReferenceData['company']>('select id, name, time_zone as "timeZone", address, phone, currency, tax_number as "taxNumber" from companies where id = $1');
    if (!company) return undefined;
    const products = await all<{ id: number; name: string; code: string; categoryId: number | null; priceCents: number; costCents: number; taxRateId: number | null; rateBp: number; taxIncExc: 0 | 1 }>(
      `select p.id, p.name, p.code, p.category_id as "categoryId", p.price_cents as "priceCents", p.cost_cents as "costCents",
              p.tax_rate_id as "taxRateId", coalesce(t.rate_bp, 0) as "rateBp", p.tax_inc_exc as "taxIncExc"
         from item_products p left join tax_rates t on t.id = p.tax_rate_id
        where p.company_id = $1 and not exists (select 1 from item_specs u where u.product_id = p.id)
        order by p.name collate "C", p.id`,
    );
    const units = await all<{ id: number; productId: number; serialNo: string | null; imei1: string | null; imei2: string | null; sold: boolean }>(
      `select id, product_id as "productId", serial_no as "serialNo", imei1, imei2, status = 'sold' as sold from item_specs where id = any($1) and company_id = $2`,
      [[...new Set(unitIds)], companyId],
    );
    // In the order the ids were asked, as SQLite's reads them one by one.
    const unitById = new Map(units.map((u) => [u.id, u]));
    return {
      company,
      shops: await all('select id, name, location from retail_shops where company_id = $1 order by id'),
      cashbooks: await all('select id, code, name from cashbooks where company_id = $1 order by code collate "C", id'),
      users: await all(`select id, name, role from users where company_id = $1 order by case role when 'cashier' then 0 else 1 end, id`),
      paymentChannels: await all('select id, name, method from payment_channels where company_id = $1 order by id'),
      taxRates: (await all<{ id: number; name: string; rateBp: number }>('select id, name, rate_bp as "rateBp" from tax_rates where company_id = $1 order by id')).map(
        ({ id, name, rateBp }) => ({ id, name, rate: fromBasisPoints(rateBp) }),
      ),
      products: products.map(({ priceCents, costCents, rateBp, ...p }) => ({
        id: p.id,
        name: p.name,
        code: p.code,
        categoryId: p.categoryId,
        price: fromCents(priceCents),
        cost: fromCents(costCents),
        taxRateId: p.taxRateId,
        taxRate: fromBasisPoints(rateBp),
        taxIncExc: p.taxIncExc,
      })),
      units: [...new Set(unitIds)].flatMap((id) => (unitById.has(id) ? [unitById.get(id)!] : [])),
    };
  });
}
