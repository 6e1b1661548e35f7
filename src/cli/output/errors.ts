/**
 * A mistake in how output was asked for (format, file extension, fields, time zone). The CLI
 * maps it to exit code 2, like any other usage error.
 */
export class OutputUsageError extends Error {
  override readonly name = 'OutputUsageError';
  readonly exitCode = 2;
}
