/** Maps a service's failure to the HTTP error the app's error handler answers with. */
import { ServiceError } from '../services/service-error.js';
import { ErrorCodes } from '../contract/common.js';
import { storeFailure } from '../services/store-failure.js';
import { badRequest, forbidden, HttpError, invalidInput, notFound } from './http-errors.js';

/** Seconds a client is asked to wait after a busy store. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** Maps a ServiceError, or a store failure (busy, disk full), to its HttpError; anything else is returned as it is. */
export function toHttpError(thrown: unknown): unknown {
  const error = storeFailure(thrown) ?? thrown;
  if (!(error instanceof ServiceError)) return error;
  switch (error.kind) {
    case 'invalidInput':
      return invalidInput(error.message);
    case 'forbidden':
      return forbidden(error.message);
    case 'notFound':
      return notFound(error.message);
    case 'badRequest':
      return badRequest(error.message);
    case 'conflict':
      return new HttpError(409, ErrorCodes.conflict, error.message);
    case 'busy':
      return new HttpError(503, ErrorCodes.busy, error.message, BUSY_RETRY_AFTER_SECONDS);
    case 'storageFull':
      return new HttpError(507, ErrorCodes.storageFull, error.message);
  }
}

/** Runs a service call, turning its ServiceError into the matching HttpError. */
export function runService<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw toHttpError(error);
  }
}

export { HttpError };
