/** Maps a service's failure to the HTTP error the app's error handler answers with. */
import { ServiceError } from '../services/service-error.js';
import { ErrorCodes } from '../contract/common.js';
import { badRequest, forbidden, HttpError, invalidInput, notFound } from './http-errors.js';

export function toHttpError(error: unknown): unknown {
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
