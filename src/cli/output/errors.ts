import { KnownError } from '../../contract/error-kinds.js';

/** A mistake in how output was asked for (format, file extension, fields, time zone): a usage error. */
export class OutputUsageError extends KnownError {
  override readonly name = 'OutputUsageError';
  constructor(message: string, options?: ErrorOptions) {
    super('usage', message, options);
  }
}
