/** Writes a new company with its starting reference data (one transaction, by the caller). */
import type { Store } from './open-db.js';
import { findCompanyProfile } from './company-identity.repository.js';
import type { CreatedCompany } from '../setup-store.js';
import { STARTING_CASHBOOKS, STARTING_CHANNELS, vatRateName, ZERO_RATE_NAME, type NewCompanyRows } from '../../services/company-setup-rules.js';

export function insertCompanyWithReferenceData(store: Store, rows: NewCompanyRows): CreatedCompany {
  const db = store.sqlite;
  const run = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).run(...params).lastInsertRowid);
  const companyId = run(
    'insert into companies (name, time_zone, vat_rate_bp, receipt_seq, currency, tax_number) values (?, ?, ?, 0, ?, ?)',
    rows.name,
    rows.timeZone,
    rows.vatRateBp,
    rows.currency,
    rows.taxNumber,
  );
  const shopIds = rows.shops.map((shop) => {
    const shopId = run('insert into retail_shops (company_id, name) values (?, ?)', companyId, shop);
    run('insert into warehouses (company_id, name, shop_id) values (?, ?, ?)', companyId, `${shop} store`, shopId);
    return shopId;
  });
  const cashbookIds = STARTING_CASHBOOKS.map(([code, name]) => run('insert into cashbooks (company_id, code, name) values (?, ?, ?)', companyId, code, name));
  for (const [name, method] of STARTING_CHANNELS) run('insert into payment_channels (company_id, name, method) values (?, ?, ?)', companyId, name, method);
  run('insert into tax_rates (company_id, name, rate_bp) values (?, ?, ?)', companyId, vatRateName(rows.vatRateBp), rows.vatRateBp);
  run('insert into tax_rates (company_id, name, rate_bp) values (?, ?, 0)', companyId, ZERO_RATE_NAME);
  const adminUserId = run("insert into users (company_id, name, role) values (?, ?, 'admin')", companyId, rows.adminName);
  return { companyId, shopIds, cashbookIds, adminUserId, settings: findCompanyProfile(store, companyId)! };
}

/** Every company's id and name, to refuse a second company of the same name. */
export function companyNames(store: Store): { id: number; name: string }[] {
  return store.sqlite.prepare<[], { id: number; name: string }>('select id, name from companies order by id').all();
}
