/**
 * A pool of connections to a PostgreSQL store (node-postgres), loaded only when a postgres://
 * URL is used. bigint columns (every integer of the schema) are read as JS bigint: exact
 * whatever they hold; callers that want numbers convert them within the safe range.
 */
import pg from 'pg';

const INT8 = 20;

export function openPostgresPool(url: string, options: { max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 4,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops must not crash the process; the next query fails instead.
  pool.on('error', () => undefined);
  return pool;
}
