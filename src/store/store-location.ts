/**
 * Where a store is, as commands and settings name it: a SQLite file or a PostgreSQL URL. Pure
 * text rules, no backend loaded: which backend a location means, its password hidden, the pool
 * settings its parameters carry.
 */

/** Whether a `--database` value names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** The URL without its password, for messages. */
export function redactedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}

/** Connections a store's pool opens at most, unless the URL's `pool_max` says otherwise. */
export const DEFAULT_POOL_MAX = 10;
/** Milliseconds one statement may run before PostgreSQL cancels it, unless `statement_timeout` says otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** Milliseconds to wait for a connection (a new one, or a free one of a full pool) before refusing as busy. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** How a pool is opened on a database URL: the URL for node-postgres and the pool's settings. */
export interface PostgresPoolSettings {
  /** The URL without the parameters below (node-postgres reads the rest: sslmode, application_name, ...). */
  connectionString: string;
  max: number;
  statementTimeoutMs: number;
}

/**
 * The pool's settings a URL carries as parameters: `pool_max` (connections, 1-200, default 10)
 * and `statement_timeout` (milliseconds, 0 for none, default 15000), e.g.
 * postgres://shop@db/shop?pool_max=20&statement_timeout=5000. A bad value is refused naming it,
 * with the URL's password left out.
 */
export function postgresPoolSettings(value: string): PostgresPoolSettings {
  const url = new URL(value);
  const max = wholeParameter(url, 'pool_max', DEFAULT_POOL_MAX, 1, 200);
  const statementTimeoutMs = wholeParameter(url, 'statement_timeout', DEFAULT_STATEMENT_TIMEOUT_MS, 0, 3_600_000);
  url.searchParams.delete('pool_max');
  url.searchParams.delete('statement_timeout');
  return { connectionString: url.toString(), max, statementTimeoutMs };
}

function wholeParameter(url: URL, name: string, fallback: number, min: number, max: number): number {
  const text = url.searchParams.get(name);
  if (text === null) return fallback;
  const number = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new Error(`${name} in the database URL must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
  }
  return number;
}
