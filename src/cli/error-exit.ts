/**
 * Maps any error a command throws to its one-line message and exit code: an error of a known
 * kind exits with its kind's code (src/contract/error-kinds.ts), anything else with 1.
 */
import { ERROR_KINDS, errorKindOf, ExitCode } from '../contract/error-kinds.js';

export interface ErrorExit {
  message: string;
  exitCode: number;
}

export function errorExit(error: unknown): ErrorExit {
  if (!(error instanceof Error)) return { message: String(error), exitCode: ExitCode.error };
  const kind = errorKindOf(error);
  if (kind !== undefined) return { message: error.message, exitCode: ERROR_KINDS[kind].exitCode };
  const code = (error as NodeJS.ErrnoException).code;
  // commander's own errors: a value its parser refused (our parsers throw InvalidArgumentError).
  if (code === 'commander.invalidArgument') return { message: error.message, exitCode: ERROR_KINDS.usage.exitCode };
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_BUSY') {
    return { message: `local store: ${error.message}`, exitCode: ERROR_KINDS.unavailable.exitCode };
  }
  return { message: error.message, exitCode: ExitCode.error };
}
