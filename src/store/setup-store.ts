/**
 * The set-up area of the store interface (shop-store.ts): a new company and its settings, and
 * the catalogue imports. Every method is one unit of work of the backend.
 */
import type { ImportSource } from './import-source.js';
import type { CompanyProfile } from './company-profile.js';
import type { ShopEntry } from './directory-store.js';

export interface CompanySetup {
  name: string;
  timeZone?: string;
  /** VAT on services in percent (default 16). */
  vatPercent?: number;
  /** ISO 4217 code (default KES). */
  currency?: string;
  /** Tax registration number, e.g. a KRA PIN (default none). */
  taxNumber?: string;
  shops?: readonly string[];
  adminName?: string;
}

export interface CreatedCompany {
  companyId: number;
  shopIds: number[];
  cashbookIds: number[];
  adminUserId: number;
  /** The company as written, defaults filled in. */
  settings: CompanyProfile;
}

export interface SetupStore {
  /** A new company with its shops, cashbooks, channels, tax rates and an admin user. */
  setUpCompany(setup: CompanySetup): Promise<CreatedCompany>;
  /** Imports a products file whole or not at all (a CatalogImportError lists every problem). */
  importProducts(companyId: number, file: ImportSource): Promise<{ products: number; categoriesCreated: number }>;
  /** Imports a serialised units file whole or not at all. */
  importItemSpecs(companyId: number, file: ImportSource): Promise<{ units: number }>;
  /** Every company of the store with its settings, by id. */
  companyProfiles(): Promise<CompanyProfile[]>;
  /** Changes what is given (currency, tax number; checked) and returns the company as it is afterwards. */
  changeCompanyIdentity(companyId: number, changes: CompanyIdentityChanges): Promise<CompanyProfile>;
  /**
   * Changes what is given of a shop's address and phone (checked; the phone kept in E.164) and
   * returns the shop as it is afterwards; a shop that is not the company's is refused (404).
   */
  changeShopDetails(companyId: number, shopId: number, changes: ShopDetailsChanges): Promise<ShopEntry>;
}

/** What `local shop set` may change; a field left out stays as it is, a null removes it. */
export interface ShopDetailsChanges {
  address?: string | null;
  phone?: string | null;
}

/** What `local company set` may change; a field left out stays as it is, a null tax number removes it. */
export interface CompanyIdentityChanges {
  currency?: string;
  taxNumber?: string | null;
}
