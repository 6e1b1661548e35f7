/**
 * A bad configuration value or request (unknown key, malformed URL, unknown profile, broken
 * config file). The CLI maps it to exit code 2, like any other usage error.
 */
export class ConfigUsageError extends Error {
  override readonly name = 'ConfigUsageError';
  readonly exitCode = 2;
}
