/**
 * The store interface (../shop-store.ts) on SQLite: each unit of work is today's synchronous
 * code, run at once under better-sqlite3's transactions and answered with a resolved promise,
 * so nothing waits on the event loop between a read and its write. Saves go through the group
 * commit (sale-group-commit.ts: one fsync for the saves that arrive together); the sale lists
 * are read from their JSON index. A failure of SQLite that is no fault of the request (the
 * write lock held by another process, a full disk) comes out as a ServiceError (503, 507).
 */
import type { ShopStore } from '../shop-store.js';
import { listCashSales, listSaleItems } from './cash-sale-list.js';
import { importItemSpecs, importProducts } from './catalog-import.js';
import { companyExists } from './catalog.repository.js';
import { changeCompanyIdentity } from './company-identity.js';
import { allCompanyProfiles } from './company-identity.repository.js';
import { setUpCompany } from './company-setup.js';
import { importLedger } from './ledger-import.js';
import { readLocalList } from './local-lists.js';
import { rederivePendingLedgers } from './ledger-allocation.js';
import { createLocalUser, setLocalPassword } from './local-users.js';
import { logIn } from './login.js';
import { neverWaitForLocks, openStore, type OpenOptions, type Store } from './open-db.js';
import { paidBalanceReport } from './paid-balance.js';
import { payAdviceReport } from './pay-advice.js';
import { readPropertyReference } from './property-directory.repository.js';
import { listReceiptSpecs } from './receipt-specs.js';
import { readReferenceData } from './reference-data.repository.js';
import { ownerOf } from './row-owner.repository.js';
import { saveCashSaleInGroup } from './sale-group-commit.js';
import { salePayments } from './sale-payments.repository.js';
import { statementDocument } from './statement-document.js';
import { approveStatement, markStatementPaid, prepareStatement, statementsReport } from './statements.js';
import { getOrCreateSecret } from './store-settings.repository.js';
import { storeFailure } from './store-failure.js';
import { tokenUserCache } from './token-user-cache.js';
import { createToken, listTokens, revokeToken } from './token-service.js';
import { unitsByIdentifier } from './unit-sale.repository.js';

/** A SQLite failure that is no fault of the request, as the refusal it stands for; any other error as it is. */
function translated(error: unknown): unknown {
  return storeFailure(error) ?? error;
}

/** Runs a synchronous unit of work now; its result or its failure as a settled promise. */
function unit<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(translated(error));
  }
}

/** Runs a unit of work that awaits (password hashing) between its synchronous transactions. */
async function asyncUnit<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error);
  }
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
  const tokenUser = tokenUserCache(store);
  return {
    location: store.file,
    ownerOf: (table, id) => unit(() => ownerOf(store, table, id)),
    companyExists: (companyId) => unit(() => companyExists(store, companyId)),
    beginServing: () => neverWaitForLocks(store),
    close: () => store.close(),

    saveCashSale: (input, options) => asyncUnit(() => saveCashSaleInGroup(store, input, options)),
    listCashSales: (filter) => unit(() => listCashSales(store, filter)),
    listSaleItems: (filter) => unit(() => listSaleItems(store, filter)),
    receiptSpecs: (filter) => unit(() => listReceiptSpecs(store, filter)),
    salePayments: (companyId, saleIds) => unit(() => salePayments(store, companyId, saleIds)),
    unitsByIdentifier: (companyId, identifier) => unit(() => unitsByIdentifier(store, companyId, identifier)),
    referenceData: (companyId, unitIds) => unit(() => readReferenceData(store, companyId, unitIds)),

    paidBalanceReport: (request, clock) => unit(() => paidBalanceReport(store, request, clock)),
    payAdviceReport: (request, clock) => unit(() => payAdviceReport(store, request, clock)),
    statementsReport: (request) => unit(() => statementsReport(store, request)),
    statementDocument: (statementId, companyId) => unit(() => statementDocument(store, statementId, companyId)),
    prepareStatement: (input) => unit(() => prepareStatement(store, input)),
    approveStatement: (input) => unit(() => approveStatement(store, input)),
    markStatementPaid: (input) => unit(() => markStatementPaid(store, input)),
    importLedger: (companyId, kind, csvText) => unit(() => importLedger(store, companyId, kind, csvText)),
    rederivePendingLedgers: () => unit(() => rederivePendingLedgers(store)),

    tokenUser: (token, now) => unit(() => tokenUser(token, now)),
    createToken: (input) => unit(() => createToken(store, input)),
    listTokens: (companyId) => unit(() => listTokens(store, companyId)),
    revokeToken: (id, now) => unit(() => revokeToken(store, id, now)),
    createLocalUser: (input) => asyncUnit(() => createLocalUser(store, input)),
    setLocalPassword: (username, password, now) => asyncUnit(() => setLocalPassword(store, username, password, now)),
    logIn: (username, password, now) => asyncUnit(() => logIn(store, username, password, now)),
    secret: (name) => unit(() => getOrCreateSecret(store, name)),

    setUpCompany: (setup) => unit(() => setUpCompany(store, setup)),
    importProducts: (companyId, csvText) => unit(() => importProducts(store, companyId, csvText)),
    importItemSpecs: (companyId, csvText) => unit(() => importItemSpecs(store, companyId, csvText)),
    companyProfiles: () => unit(() => allCompanyProfiles(store)),
    changeCompanyIdentity: (companyId, changes) => unit(() => changeCompanyIdentity(store, companyId, changes)),

    localList: (kind, companyId) => unit(() => readLocalList(store, kind, companyId)),
    propertyReference: (companyId) => unit(() => readPropertyReference(store, companyId)),
  };
}
