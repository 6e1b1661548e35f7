/**
 * Failures a service reports, by kind; the server maps each kind to its status (invalid input
 * is 405 for the save, as the interface says; bad request 400 elsewhere).
 */
import type { SaleProblem } from '../domain/sent-amount.js';

export type ServiceErrorKind = 'invalidInput' | 'badRequest' | 'forbidden' | 'notFound';

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
