/**
 * What a service refuses, by kind (src/contract/error-kinds.ts gives each its HTTP status and
 * exit code: invalid input is the save's 405, a bad request 400). Messages name the id and what
 * to do.
 */
import type { ErrorKind } from '../../contract/error-kinds.js';
import { KnownError } from '../../contract/error-kinds.js';
import type { SaleProblem } from '../../domain/sent-amount.js';

/** busy: the store's write lock could not be had in time; storageFull: the disk is full. */
export type ServiceErrorKind = Extract<ErrorKind, 'invalidInput' | 'badRequest' | 'forbidden' | 'notFound' | 'conflict' | 'busy' | 'storageFull'>;

export class ServiceError extends KnownError {
  override readonly name = 'ServiceError';
  declare readonly kind: ServiceErrorKind;

  constructor(
    kind: ServiceErrorKind,
    message: string,
    /** Every problem found, when there were several (the message lists them too). */
    readonly problems: readonly SaleProblem[] = [],
  ) {
    super(kind, message);
  }
}

export const notFoundError = (message: string) => new ServiceError('notFound', message);
export const badRequestError = (message: string) => new ServiceError('badRequest', message);
export const conflictError = (message: string) => new ServiceError('conflict', message);
