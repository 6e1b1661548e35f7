/**
 * Errors a route or service throws to answer with a given status. The app's error handler
 * turns them into the contract's error body; anything else becomes a 500 with no details.
 */
import { ErrorCodes, type ErrorCode } from '../contract/common.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Seconds a client should wait before trying again (the Retry-After header of a 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, ErrorCodes.badRequest, message);
export const unauthorized = (message: string) => new HttpError(401, ErrorCodes.unauthorized, message);
export const forbidden = (message: string) => new HttpError(403, ErrorCodes.forbidden, message);
export const notFound = (message: string) => new HttpError(404, ErrorCodes.notFound, message);
/** The save operation's "invalid input" (spec 7): the message names the field and the expected value. */
export const invalidInput = (message: string) => new HttpError(405, ErrorCodes.invalidInput, message);
