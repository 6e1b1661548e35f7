/** A mistake in how a command was called: the message names the flag and what it expects (exit 2). */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
