/**
 * Failures of the store that are no fault of the request: another process holds the write
 * lock (busy), or the disk holding the store is full. Both are worth trying again later, so the
 * server answers them with 503 and 507 rather than 500, and a client keeps the sale.
 */
import { ServiceError } from '../rules/service-error.js';

/** What a client is told when the store's write lock could not be had in time. */
export const BUSY_MESSAGE =
  'the store is busy: another process (a `local import`, another `serve`, or a CLI run on the same file) holds its write lock; nothing was saved, try again shortly';

const DISK_FULL_MESSAGE = "the server's disk is full: nothing was saved; free space on the disk that holds the store, then try again";

/** True for SQLite's "database is locked" family (SQLITE_BUSY, SQLITE_LOCKED and their extended codes). */
export function isStoreBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** True when SQLite could not write for lack of space (ENOSPC becomes SQLITE_FULL). */
export function isStoreFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_FULL';
}

/** The ServiceError a store failure stands for, or undefined for any other error. */
export function storeFailure(error: unknown): ServiceError | undefined {
  if (isStoreBusy(error)) return new ServiceError('busy', BUSY_MESSAGE);
  if (isStoreFull(error)) return new ServiceError('storageFull', DISK_FULL_MESSAGE);
  return undefined;
}
