/**
 * A pool of connections to a PostgreSQL store (node-postgres), loaded only when a postgres://
 * URL is used. bigint columns (every integer of the schema) are read as JS bigint: exact
 * whatever they hold; callers that want numbers convert them within the safe range.
 */
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, postgresPoolSettings } from '../store-location.js';

const INT8 = 20;

/**
 * A pool on `url`; its size and statement timeout come from the URL's `pool_max` and
 * `statement_timeout` (store-location.ts) unless `options` names them.
 */
export function openPostgresPool(url: string, options: { max?: number; statementTimeoutMs?: number } = {}): pg.Pool {
  const settings = postgresPoolSettings(url);
  const statementTimeout = options.statementTimeoutMs ?? settings.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: options.max ?? settings.max,
    // Waiting longer for a connection (or for a free one of a full pool) is refused as busy (503).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops must not crash the process; the next query fails instead.
  pool.on('error', () => undefined);
  return pool;
}
