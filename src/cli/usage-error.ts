import { KnownError } from '../contract/error-kinds.js';

/** A mistake in how a command was called: the message names the flag and what it expects. */
export class CliUsageError extends KnownError {
  override readonly name = 'CliUsageError';
  constructor(message: string) {
    super('usage', message);
  }
}
