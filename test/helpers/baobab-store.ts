/** The Baobab Court fixture loaded into a store through the ledger import, as a user would. */
import { join } from 'node:path';
import { importLedger } from './sqlite-units.js';
import { seedCompanies } from '../../src/store/sqlite/demo/core-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { fixtureCsv, property } from '../fixtures/baobab-court.js';
import { makeTempDir } from './temp-dir.js';
import { LEDGER_IMPORT_KINDS } from '../../src/store/property-store.js';

export interface BaobabIds {
  propertyId: number;
  landlordId: number;
  zoneId: number;
  serviceId: number;
}

export async function importBaobab(store: Store, companyId: number): Promise<BaobabIds> {
  const files = fixtureCsv();
  for (const kind of LEDGER_IMPORT_KINDS) await importLedger(store, companyId, kind, files[kind]);
  const id = (sql: string, ...params: unknown[]) => (store.sqlite.prepare(sql).get(...params) as { id: number }).id;
  return {
    propertyId: id('select id from properties where company_id = ? and code = ?', companyId, property.code),
    landlordId: id('select landlord_id as id from properties where company_id = ? and code = ?', companyId, property.code),
    zoneId: id('select zone_id as id from properties where company_id = ? and code = ?', companyId, property.code),
    serviceId: id(`select id from services where company_id = ? and name = 'Service charge'`, companyId),
  };
}

/** The same import through a test server's store interface and its rows, on either backend. */
export async function importBaobabThrough(
  server: {
    shop: { importLedger(companyId: number, kind: (typeof LEDGER_IMPORT_KINDS)[number], csvText: string): Promise<unknown> };
    rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  },
  companyId: number,
): Promise<BaobabIds> {
  const files = fixtureCsv();
  for (const kind of LEDGER_IMPORT_KINDS) await server.shop.importLedger(companyId, kind, files[kind]);
  const id = async (sql: string, ...params: unknown[]) => (await server.rows<{ id: number }>(sql, ...params))[0]!.id;
  return {
    propertyId: await id('select id from properties where company_id = ? and code = ?', companyId, property.code),
    landlordId: await id('select landlord_id as id from properties where company_id = ? and code = ?', companyId, property.code),
    zoneId: await id('select zone_id as id from properties where company_id = ? and code = ?', companyId, property.code),
    serviceId: await id(`select id from services where company_id = ? and name = 'Service charge'`, companyId),
  };
}

/** A fresh store holding the two demo companies (no demo data) and Baobab Court in company 1. */
export async function baobabStore(): Promise<{ store: Store; adminUserId: number; ids: BaobabIds; close(): Promise<void> }> {
  const temp = makeTempDir();
  const store = await openStore(join(temp.dir, 'baobab.db'));
  const companies = store.sqlite.transaction(() => seedCompanies(store))();
  const ids = await importBaobab(store, 1);
  return {
    store,
    adminUserId: companies[0]!.adminUserId,
    ids,
    async close() {
      await store.close();
      temp.remove();
    },
  };
}
