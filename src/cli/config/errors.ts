import { KnownError } from '../../contract/error-kinds.js';

/**
 * A bad configuration value or request (unknown key, malformed URL, unknown profile, broken
 * config file): a usage error.
 */
export class ConfigUsageError extends KnownError {
  override readonly name = 'ConfigUsageError';
  constructor(message: string, options?: ErrorOptions) {
    super('usage', message, options);
  }
}
