/**
 * The store interface (../shop-store.ts) on SQLite. The units written once for every engine
 * (../units/) run on the SQLite adapter (sqlite-engine.ts); saves go through the group commit
 * (sale-group-commit.ts: one fsync for the saves that arrive together). The sale lists are
 * SQLite's own synchronous code (each sale's record read from its JSON index), run in its turn
 * on the connection and answered with a resolved promise. A SQLite failure that is no
 * fault of the request (the write lock held by another process, a full disk) comes out as a
 * ServiceError (503, 507).
 */
import type { ShopStore } from '../shop-store.js';
import { accessStoreOn } from '../units/access.js';
import { directoryStoreOn } from '../units/directory.js';
import { ownershipOn } from '../units/ownership.js';
import { propertyStoreOn } from '../units/property-store-units.js';
import { salesStoreOn } from '../units/sales-store-units.js';
import { setupStoreOn } from '../units/setup.js';
import { listCashSales, listSaleItems } from './cash-sale-list.js';
import { neverWaitForLocks, openStore, type OpenOptions, type Store } from './open-db.js';
import { saveCashSaleInGroup } from './sale-group-commit.js';
import { sqliteEngine, type SqliteEngine } from './sqlite-engine.js';
import { storeFailure } from './store-failure.js';

/** A SQLite failure that is no fault of the request, as the refusal it stands for; any other error as it is. */
function translated(error: unknown): unknown {
  return storeFailure(error) ?? error;
}

/** Runs a synchronous unit of work in its turn on the connection (at once when none is under way). */
function unitOn(engine: SqliteEngine): <T>(work: () => T) => Promise<T> {
  return <T>(work: () => T) =>
    engine.exclusive(() => {
      try {
        return work();
      } catch (error) {
        throw translated(error);
      }
    });
}

const shopStores = new WeakMap<Store, ShopStore>();
const sqliteStores = new WeakMap<ShopStore, Store>();

/** The store interface over an open SQLite store; one per store, so its caches are shared. */
export function sqliteShopStore(store: Store): ShopStore {
  let shop = shopStores.get(store);
  if (!shop) {
    shop = makeShopStore(store);
    shopStores.set(store, shop);
    sqliteStores.set(shop, store);
  }
  return shop;
}

/** The SQLite store under the interface, if it is one: for tests of SQLite's own behaviour (a full disk, the write lock). */
export function sqliteStoreOf(shop: ShopStore): Store | undefined {
  return sqliteStores.get(shop);
}

/** Opens (creating, migrating) the SQLite file and gives the store interface over it. */
export async function openSqliteShopStore(file: string, options: OpenOptions = {}): Promise<ShopStore> {
  return sqliteShopStore(await openStore(file, options));
}

function makeShopStore(store: Store): ShopStore {
  const engine = sqliteEngine(store);
  const unit = unitOn(engine);
  const access = accessStoreOn(engine);
  return {
    ...salesStoreOn(engine),
    ...propertyStoreOn(engine),
    ...access,
    ...setupStoreOn(engine),
    ...directoryStoreOn(engine, access),
    ...ownershipOn(engine),
    location: store.file,
    beginServing: () => neverWaitForLocks(store),
    close: () => store.close(),

    saveCashSale: (input, options) =>
      saveCashSaleInGroup(store, input, options).catch((error: unknown) => {
        throw translated(error);
      }),
    listCashSales: (filter) => unit(() => listCashSales(store, filter)),
    listSaleItems: (filter) => unit(() => listSaleItems(store, filter)),
  };
}
