/**
 * The set-up area (setup-store.ts) on PostgreSQL: a new company with its starting reference
 * data, every company's profile, a change of currency or tax number, and the catalogue imports
 * (pg-catalog-import.ts); the rules and words shared with SQLite (services/company-setup-rules.ts,
 * company-identity.ts, catalog-import-rules.ts).
 */
import type pg from 'pg';
import { checkedIdentityChanges, noCompanyToChange } from '../../services/company-identity.js';
import { checkedCompanySetup, nameTakenRefusal, STARTING_CASHBOOKS, STARTING_CHANNELS, vatRateName, ZERO_RATE_NAME } from '../../services/company-setup-rules.js';
import type { CompanyProfile } from '../company-profile.js';
import type { SetupStore } from '../setup-store.js';
import { importItemSpecsOnPostgres, importProductsOnPostgres } from './pg-catalog-import.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

const COMPANY_PROFILE = `select id, name, time_zone as "timeZone", vat_rate_bp as "vatRateBp", address, phone, email, currency, tax_number as "taxNumber"
  from companies`;

async function profileOf(client: pg.PoolClient, companyId: number): Promise<CompanyProfile | undefined> {
  const row = (await client.query(`${COMPANY_PROFILE} where id = $1`, [companyId])).rows[0] as Record<string, unknown> | undefined;
  return row && numbersOf<CompanyProfile>(row);
}

export function postgresSetupStore(pool: pg.Pool): SetupStore {
  return {
    setUpCompany: async (setup) => {
      const rows = checkedCompanySetup(setup);
      return inTransaction(pool, async (client) => {
        // Other writers of companies wait (readers do not), so two instances cannot both create a name.
        await client.query('lock table companies in share row exclusive mode');
        const names = (await client.query('select id, name from companies order by id')).rows.map((r) => numbersOf<{ id: number; name: string }>(r as Record<string, unknown>));
        const taken = nameTakenRefusal(names, rows.name);
        if (taken) throw taken;
        const id = async (sql: string, values: unknown[]) => numbersOf<{ id: number }>((await client.query(`${sql} returning id`, values)).rows[0] as Record<string, unknown>).id;
        const companyId = await id('insert into companies (name, time_zone, vat_rate_bp, receipt_seq, currency, tax_number) values ($1, $2, $3, 0, $4, $5)', [
          rows.name, rows.timeZone, rows.vatRateBp, rows.currency, rows.taxNumber,
        ]);
        const shopIds: number[] = [];
        for (const shop of rows.shops) {
          const shopId = await id('insert into retail_shops (company_id, name) values ($1, $2)', [companyId, shop]);
          await client.query('insert into warehouses (company_id, name, shop_id) values ($1, $2, $3)', [companyId, `${shop} store`, shopId]);
          shopIds.push(shopId);
        }
        const cashbookIds: number[] = [];
        for (const [code, name] of STARTING_CASHBOOKS) cashbookIds.push(await id('insert into cashbooks (company_id, code, name) values ($1, $2, $3)', [companyId, code, name]));
        for (const [name, method] of STARTING_CHANNELS) await client.query('insert into payment_channels (company_id, name, method) values ($1, $2, $3)', [companyId, name, method]);
        await client.query('insert into tax_rates (company_id, name, rate_bp) values ($1, $2, $3)', [companyId, vatRateName(rows.vatRateBp), rows.vatRateBp]);
        await client.query('insert into tax_rates (company_id, name, rate_bp) values ($1, $2, 0)', [companyId, ZERO_RATE_NAME]);
        const adminUserId = await id("insert into users (company_id, name, role) values ($1, $2, 'admin')", [companyId, rows.adminName]);
        return { companyId, shopIds, cashbookIds, adminUserId, settings: (await profileOf(client, companyId))! };
      });
    },

    importProducts: (companyId, csvText) => importProductsOnPostgres(pool, companyId, csvText),
    importItemSpecs: (companyId, csvText) => importItemSpecsOnPostgres(pool, companyId, csvText),

    companyProfiles: () =>
      inTransaction(pool, async (client) => (await client.query(`${COMPANY_PROFILE} order by id`)).rows.map((r) => numbersOf<CompanyProfile>(r as Record<string, unknown>))),

    changeCompanyIdentity: async (companyId, changes) => {
      const checked = checkedIdentityChanges(changes);
      return inTransaction(pool, async (client) => {
        if ((await client.query('select 1 from companies where id = $1 for update', [companyId])).rowCount !== 1) throw noCompanyToChange(companyId);
        if (checked.currency !== undefined) await client.query('update companies set currency = $1 where id = $2', [checked.currency, companyId]);
        if (checked.taxNumber !== undefined) await client.query('update companies set tax_number = $1 where id = $2', [checked.taxNumber, companyId]);
        return (await profileOf(client, companyId))!;
      });
    },
  };
}
