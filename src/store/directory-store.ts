/**
 * The directory area of the store interface (shop-store.ts): the ids that flags, prompts and
 * pick lists ask for, with what tells them apart. Every method is one unit of work of the backend.
 */
import type { PropertyReference } from '../contract/property-reference.js';

export type LocalListKind = 'zones' | 'officers' | 'properties' | 'landlords' | 'shops' | 'cashbooks' | 'users' | 'tokens';

/** `null`: every company. */
export type CompanyScope = number | null;

export interface ShopEntry {
  id: number;
  companyId: number;
  name: string;
  /** Its address, printed on its receipts (`local shop set`). */
  location: string | null;
  /** E.164, printed on its receipts. */
  phone: string | null;
  /** How many serialised units the shop holds in stock. */
  unitsInStock: number;
}

export interface CashbookEntry {
  id: number;
  companyId: number;
  code: string;
  name: string;
}

export interface UserEntry {
  id: number;
  companyId: number;
  name: string;
  role: string;
  /** Login name, for users who log in with a password; null otherwise. */
  username: string | null;
  email: string | null;
}

export interface DirectoryStore {
  /**
   * The rows of a kind, of one company or (`null`) of every company, each carrying its
   * companyId; a company not in the store is refused (404), never an empty list.
   */
  localList(kind: LocalListKind, companyId: CompanyScope): Promise<object[]>;
  /** A company's zones, field officers, landlords and properties, read at one moment. */
  propertyReference(companyId: number): Promise<PropertyReference>;
}
