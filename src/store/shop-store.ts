/**
 * The store interface: everything the services, routes and `local` commands ask of the database,
 * cut at the unit of work (save these sales, list this page, this report, look up this token,
 * prepare this statement, import these rows, create a company). Each method is asynchronous and
 * is one transaction of the backend, so a backend decides how it keeps its rules true: SQLite
 * (sqlite/sqlite-shop-store.ts) runs today's synchronous code under its write lock and answers
 * with resolved promises; a server database runs each unit on a pooled connection of its own,
 * its rules held by constraints and row locks.
 *
 * What the units return is backend-neutral: the contract's records and the domain's figures,
 * never a row of one engine. Refusals are ServiceErrors of a kind (contract/error-kinds.ts); a
 * backend that cannot be reached or is busy refuses with `busy` (503, Retry-After), never a 500.
 */
import type { AccessStore } from './access-store.js';
import type { DirectoryStore } from './directory-store.js';
import type { PropertyStore } from './property-store.js';
import type { SalesStore } from './sales-store.js';
import type { SetupStore } from './setup-store.js';

/** Tables whose rows belong to one company (each has `company_id`): what a request may name by id. */
export type OwnedTable =
  | 'retail_shops'
  | 'warehouses'
  | 'users'
  | 'cashbooks'
  | 'tax_rates'
  | 'payment_channels'
  | 'item_categories'
  | 'item_products'
  | 'item_specs'
  | 'cash_sales'
  | 'zones'
  | 'field_officers'
  | 'landlords'
  | 'properties'
  | 'services'
  | 'statements'
  | 'units'
  | 'tenants'
  | 'tenancies';

export interface ShopStore extends SalesStore, PropertyStore, AccessStore, SetupStore, DirectoryStore {
  /** Where the data is, for messages: the SQLite file (a database URL never shows its password). */
  readonly location: string;
  /** The company that owns the row, or undefined when there is no such row. */
  ownerOf(table: OwnedTable, id: number): Promise<number | undefined>;
  companyExists(companyId: number): Promise<boolean>;
  /**
   * Called by the server once it is built, before it listens: from here no unit of work blocks
   * the process while it waits for another's lock (SQLite: BEGIN fails busy at once and a save
   * tries again on a timer, so reads go on meanwhile). Commands, which serve no one else, wait.
   */
  beginServing(): void;
  /** Waits for the units of work under way, then lets the database go. */
  close(): Promise<void>;
}
