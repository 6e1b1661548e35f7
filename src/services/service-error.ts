/**
 * What a service refuses, by kind. The server maps each kind to its status (runService in
 * src/server/service-errors.ts: invalid input 405 for the save as the interface says, bad
 * request 400, forbidden 403, not found 404, conflict 409, busy 503 with Retry-After, storage
 * full 507); the CLI maps it to an exit code.
 * Messages name the id and what to do.
 */
import type { SaleProblem } from '../domain/sent-amount.js';

/** busy: the store's write lock could not be had in time; storageFull: the disk is full. Both pass. */
export type ServiceErrorKind = 'invalidInput' | 'badRequest' | 'forbidden' | 'notFound' | 'conflict' | 'busy' | 'storageFull';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    /** Every problem found, when there were several (the message lists them too). */
    readonly problems: readonly SaleProblem[] = [],
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFoundError = (message: string) => new ServiceError('notFound', message);
export const invalidError = (message: string) => new ServiceError('badRequest', message);
export const conflictError = (message: string) => new ServiceError('conflict', message);
