/**
 * The reference rows of one company that a client composing a sale picks from (shops,
 * cashbooks, users, payment channels, tax rates, products sold by quantity), and serialised
 * units by id whatever their status. Money leaves SQL as cents / 100.0, rates as bp / 100.0.
 */
import type {
  ReferenceCashbook,
  ReferenceCompany,
  ReferenceData,
  ReferencePaymentChannel,
  ReferenceProduct,
  ReferenceShop,
  ReferenceTaxRate,
  ReferenceUnit,
  ReferenceUser,
} from '../../contract/reference-data.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export function referenceCompany(store: Store, companyId: number): ReferenceCompany | undefined {
  return prepared<[number], ReferenceCompany>(store, 'select id, name, time_zone as timeZone, address, phone, currency, tax_number as taxNumber from companies where id = ?').get(companyId);
}

export function referenceShops(store: Store, companyId: number): ReferenceShop[] {
  return prepared<[number], ReferenceShop>(store, 'select id, name, location from retail_shops where company_id = ? order by id').all(companyId);
}

export function referenceCashbooks(store: Store, companyId: number): ReferenceCashbook[] {
  return prepared<[number], ReferenceCashbook>(store, 'select id, code, name from cashbooks where company_id = ? order by code, id').all(companyId);
}

/** Cashiers first (the people who sell), then the others, each by id. */
export function referenceUsers(store: Store, companyId: number): ReferenceUser[] {
  return prepared<[number], ReferenceUser>(
    store,
    `select id, name, role from users where company_id = ? order by case role when 'cashier' then 0 else 1 end, id`,
  ).all(companyId);
}

export function referencePaymentChannels(store: Store, companyId: number): ReferencePaymentChannel[] {
  return prepared<[number], ReferencePaymentChannel>(store, 'select id, name, method from payment_channels where company_id = ? order by id').all(companyId);
}

export function referenceTaxRates(store: Store, companyId: number): ReferenceTaxRate[] {
  return prepared<[number], ReferenceTaxRate>(store, 'select id, name, rate_bp / 100.0 as rate from tax_rates where company_id = ? order by id').all(companyId);
}

/** Products that have no serialised units: they are sold by quantity, not unit by unit. */
export function referenceProducts(store: Store, companyId: number): ReferenceProduct[] {
  return prepared<[number], ReferenceProduct>(
    store,
    `select p.id, p.name, p.code, p.category_id as categoryId, p.price_cents / 100.0 as price, p.cost_cents / 100.0 as cost,
            p.tax_rate_id as taxRateId, coalesce(t.rate_bp, 0) / 100.0 as taxRate, p.tax_inc_exc as taxIncExc
       from item_products p left join tax_rates t on t.id = p.tax_rate_id
      where p.company_id = ? and not exists (select 1 from item_specs u where u.product_id = p.id)
      order by p.name, p.id`,
  ).all(companyId);
}

/** The company's units among `ids`, in stock or sold; ids of other companies are left out. */
export function referenceUnits(store: Store, companyId: number, ids: readonly number[]): ReferenceUnit[] {
  const statement = prepared<[number, number], Omit<ReferenceUnit, 'sold'> & { sold: number }>(
    store,
    `select id, product_id as productId, serial_no as serialNo, imei1, imei2, status = 'sold' as sold
       from item_specs where id = ? and company_id = ?`,
  );
  const units: ReferenceUnit[] = [];
  for (const id of new Set(ids)) {
    const row = statement.get(id, companyId);
    if (row) units.push({ ...row, sold: row.sold === 1 });
  }
  return units;
}

/** What a till keeps of the company, read in one transaction so the lists agree with each other; undefined: no such company. */
export function readReferenceData(store: Store, companyId: number, unitIds: readonly number[]): ReferenceData | undefined {
  return store.sqlite.transaction(() => {
    const company = referenceCompany(store, companyId);
    if (!company) return undefined;
    return {
      company,
      shops: referenceShops(store, companyId),
      cashbooks: referenceCashbooks(store, companyId),
      users: referenceUsers(store, companyId),
      paymentChannels: referencePaymentChannels(store, companyId),
      taxRates: referenceTaxRates(store, companyId),
      products: referenceProducts(store, companyId),
      units: referenceUnits(store, companyId, unitIds),
    };
  })();
}
