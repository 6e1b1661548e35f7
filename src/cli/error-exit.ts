/**
 * Maps any error a command throws to its one-line message and exit code. Error classes are
 * recognised by the name each sets explicitly, so this file imports none of the modules that
 * define them (start-up cost), and minified class names do not matter.
 */
import { ExitCode } from './exit-codes.js';

export interface ErrorExit {
  message: string;
  exitCode: number;
}

const API_KIND_EXIT: Record<string, number> = {
  badRequest: ExitCode.usage,
  invalidInput: ExitCode.usage,
  auth: ExitCode.auth,
  forbidden: ExitCode.auth,
  notFound: ExitCode.notFound,
  network: ExitCode.unavailable,
  timeout: ExitCode.unavailable,
  unavailable: ExitCode.unavailable,
  server: ExitCode.server,
  invalidResponse: ExitCode.server,
};

const USAGE_ERRORS = new Set(['UsageError', 'CliUsageError', 'OutputUsageError', 'ConfigUsageError', 'SaleInputError', 'CatalogImportError', 'LedgerImportError', 'DemoAlreadySeededError']);

export function errorExit(error: unknown): ErrorExit {
  if (!(error instanceof Error)) return { message: String(error), exitCode: ExitCode.error };
  if (error.name === 'ExitPromptError' || error.name === 'AbortPromptError') {
    return { message: 'interrupted', exitCode: ExitCode.interrupted };
  }
  if (error.name === 'ApiError') {
    const kind = (error as Error & { kind?: string }).kind ?? '';
    return { message: error.message, exitCode: API_KIND_EXIT[kind] ?? ExitCode.error };
  }
  if (error.name === 'ServiceError') {
    // A refusal of the local store's own services (`shopprop local ...`), by kind.
    const kind = (error as Error & { kind?: string }).kind ?? '';
    const exitCode = kind === 'notFound' ? ExitCode.notFound : kind === 'forbidden' ? ExitCode.auth : ExitCode.usage;
    return { message: error.message, exitCode };
  }
  // commander's own errors are named after their (minified) class: known by their code.
  if (USAGE_ERRORS.has(error.name) || (error as { code?: unknown }).code === 'commander.invalidArgument') {
    return { message: error.message, exitCode: ExitCode.usage };
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_BUSY') {
    return { message: `local store: ${error.message}`, exitCode: ExitCode.unavailable };
  }
  return { message: error.message, exitCode: ExitCode.error };
}
