/**
 * What a property service refuses, by kind. Routes map them to HTTP statuses (404, 400, 409
 * and so on); the CLI maps them to exit codes. Messages name the id and what to do.
 */
export class ServiceError extends Error {
  constructor(
    readonly kind: 'not-found' | 'invalid' | 'conflict' | 'forbidden',
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFoundError = (message: string) => new ServiceError('not-found', message);
export const invalidError = (message: string) => new ServiceError('invalid', message);
export const conflictError = (message: string) => new ServiceError('conflict', message);
