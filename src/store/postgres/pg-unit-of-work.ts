/**
 * One unit of work on PostgreSQL: a pooled connection of its own, BEGIN ... COMMIT, rolled back
 * whole on any failure. A server that cannot be reached, a connection lost mid-way or a
 * failover is no fault of the request: it is refused as busy (503 with Retry-After), never a
 * 500.
 */
import type pg from 'pg';
import { KnownError } from '../../contract/error-kinds.js';
import { ServiceError } from '../rules/service-error.js';

// A COMMIT whose connection broke may have been applied: a save sent again with its
// Idempotency-Key is answered with its first result, never saved twice.
const UNAVAILABLE_MESSAGE =
  'the database server cannot be reached or is failing over; try again shortly (a sale sent again with its Idempotency-Key is saved once)';

/**
 * SQLSTATEs of a server that cannot do the work now: 08 connection exception, 57P admin
 * shutdown / crash / cannot connect now, 53 insufficient resources, 57014 a statement cancelled
 * (its statement_timeout), 25006 a read-only transaction (connected to a standby during a
 * failover). Each leaves nothing done: the transaction is rolled back.
 */
const UNAVAILABLE_STATES = /^(08|57P|53|57014$|25006$)/;
/** Node's socket errors when the server is not there or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

/** True when the error is the database being unreachable rather than the request being wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof KnownError) return false;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    (error as Error)?.message ?? '',
  );
}

/**
 * Runs `work` in a transaction on a connection of its own; a lost connection becomes a busy
 * refusal. `begin` may carry the transaction's isolation (`begin isolation level ...`): one
 * round trip, where BEGIN and SET TRANSACTION are two.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw isUnavailable(error) ? new ServiceError('busy', UNAVAILABLE_MESSAGE) : error;
  }
  // A connection lost between two statements is emitted as an error of the client: without a
  // listener it would end the process; the next statement fails instead (and is refused as busy).
  client.on('error', ignoreLostConnection);
  let broken = false;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    broken = isUnavailable(error);
    if (!broken) await client.query('rollback').catch(() => (broken = true));
    throw broken ? new ServiceError('busy', UNAVAILABLE_MESSAGE) : error;
  } finally {
    // A connection that failed is not given back to the pool.
    client.off('error', ignoreLostConnection);
    client.release(broken || undefined);
  }
}

function ignoreLostConnection(): void {}

/**
 * Runs one statement on a pooled connection, outside any transaction block: a statement reads
 * one snapshot of its own, so a read that is one statement needs no BEGIN and COMMIT (two round
 * trips fewer). A lost connection becomes a busy refusal, as in a unit.
 */
export async function statementAlone(pool: pg.Pool, query: pg.QueryConfig): Promise<pg.QueryResult> {
  try {
    return await pool.query(query);
  } catch (error) {
    throw isUnavailable(error) ? new ServiceError('busy', UNAVAILABLE_MESSAGE) : error;
  }
}
