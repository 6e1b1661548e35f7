/**
 * The set-up area of the store interface (../setup-store.ts) on any engine: a new company with
 * its starting reference data, every company's profile, a change of currency or tax number, and
 * the catalogue imports (catalog-import.ts); the rules and words are rules/company-setup-rules.ts,
 * company-identity.ts and catalog-import-rules.ts.
 */
import { checkedIdentityChanges, noCompanyToChange } from '../rules/company-identity.js';
import { checkedCompanySetup, nameTakenRefusal, STARTING_CASHBOOKS, STARTING_CHANNELS, vatRateName, ZERO_RATE_NAME } from '../rules/company-setup-rules.js';
import type { CompanyProfile } from '../company-profile.js';
import type { SetupStore } from '../setup-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { importItemSpecs, importProducts } from './catalog-import.js';
import { findCompany } from './property-reads.js';
import { checkedShopChanges } from '../rules/shop-details.js';
import { changeShopDetailsIn } from './shop-details.js';

const COMPANY_NAMES = sql('select id, name from companies order by id');
const PROFILES = sql(`select id, name, time_zone as "timeZone", vat_rate_bp as "vatRateBp", address, phone, email, currency, tax_number as "taxNumber"
  from companies order by id`);
const COMPANY_HELD = sql('select id from companies where id = ? {for update}');
const SET_CURRENCY = sql('update companies set currency = ? where id = ?');
const SET_TAX_NUMBER = sql('update companies set tax_number = ? where id = ?');

export function setupStoreOn(engine: Engine): SetupStore {
  return {
    setUpCompany: async (setup) => {
      const rows = checkedCompanySetup(setup);
      return engine.unit('write', async (tx) => {
        // Other writers of companies wait (readers do not), so two instances cannot both create a name.
        await tx.lockTable('companies');
        const taken = nameTakenRefusal(await tx.all<{ id: number; name: string }>(COMPANY_NAMES), rows.name);
        if (taken) throw taken;
        const companyId = await tx.insert('companies', {
          name: rows.name,
          time_zone: rows.timeZone,
          vat_rate_bp: rows.vatRateBp,
          receipt_seq: 0,
          currency: rows.currency,
          tax_number: rows.taxNumber,
        });
        const shopIds: number[] = [];
        for (const shop of rows.shops) {
          const shopId = await tx.insert('retail_shops', { company_id: companyId, name: shop });
          await tx.insert('warehouses', { company_id: companyId, name: `${shop} store`, shop_id: shopId });
          shopIds.push(shopId);
        }
        const cashbookIds: number[] = [];
        for (const [code, name] of STARTING_CASHBOOKS) cashbookIds.push(await tx.insert('cashbooks', { company_id: companyId, code, name }));
        for (const [name, method] of STARTING_CHANNELS) await tx.insert('payment_channels', { company_id: companyId, name, method });
        await tx.insert('tax_rates', { company_id: companyId, name: vatRateName(rows.vatRateBp), rate_bp: rows.vatRateBp });
        await tx.insert('tax_rates', { company_id: companyId, name: ZERO_RATE_NAME, rate_bp: 0 });
        const adminUserId = await tx.insert('users', { company_id: companyId, name: rows.adminName, role: 'admin' });
        return { companyId, shopIds, cashbookIds, adminUserId, settings: (await findCompany(tx, companyId))! };
      });
    },

    importProducts: (companyId, file) => importProducts(engine, companyId, file),
    importItemSpecs: (companyId, file) => importItemSpecs(engine, companyId, file),

    companyProfiles: () => engine.unit('read', (tx) => tx.all<CompanyProfile>(PROFILES)),

    changeCompanyIdentity: async (companyId, changes) => {
      const checked = checkedIdentityChanges(changes);
      return engine.unit('write', async (tx) => {
        if (!(await tx.get(COMPANY_HELD, [companyId]))) throw noCompanyToChange(companyId);
        if (checked.currency !== undefined) await tx.run(SET_CURRENCY, [checked.currency, companyId]);
        if (checked.taxNumber !== undefined) await tx.run(SET_TAX_NUMBER, [checked.taxNumber, companyId]);
        return (await findCompany(tx, companyId))!;
      });
    },

    changeShopDetails: async (companyId, shopId, changes) => {
      const checked = checkedShopChanges(changes);
      return engine.unit('write', (tx) => changeShopDetailsIn(tx, companyId, shopId, checked));
    },
  };
}
