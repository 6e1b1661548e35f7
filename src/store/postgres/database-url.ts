/** The database URL's helpers, for the PostgreSQL modules: they live with the store's location (store-location.ts). */
export { CONNECT_TIMEOUT_MS, DEFAULT_POOL_MAX, DEFAULT_STATEMENT_TIMEOUT_MS, isPostgresUrl, postgresPoolSettings, redactedUrl, type PostgresPoolSettings } from '../store-location.js';
