/**
 * The store interface on PostgreSQL: the units written once for every engine (../units/) on the
 * PostgreSQL adapter (pg-engine.ts), and the sales area's units of PostgreSQL's own, over one
 * pool of connections.
 */
import type pg from 'pg';
import type { ShopStore } from '../shop-store.js';
import { redactedUrl } from '../store-location.js';
import { accessStoreOn } from '../units/access.js';
import { directoryStoreOn } from '../units/directory.js';
import { ownershipOn } from '../units/ownership.js';
import { propertyStoreOn } from '../units/property-store-units.js';
import { setupStoreOn } from '../units/setup.js';
import { postgresEngine } from './pg-engine.js';
import { postgresSalesStore } from './postgres-sales-store.js';

export function postgresShopStore(pool: pg.Pool, url: string): ShopStore {
  const engine = postgresEngine(pool);
  const access = accessStoreOn(engine);
  return {
    ...postgresSalesStore(pool),
    ...access,
    ...setupStoreOn(engine),
    ...directoryStoreOn(engine, access),
    ...propertyStoreOn(engine),
    ...ownershipOn(engine),
    location: redactedUrl(url),
    // Waiting for a row lock blocks only this unit's connection, never the event loop.
    beginServing: () => undefined,
    close: () => pool.end(),
  };
}
