/**
 * Paging flags for a list the service sends whole (paid and balance, statements, the local
 * store's lists: the interface gives them no start or limit): `--start` and `--limit` take a part
 * of it here, and without `--limit` (or with `--all`) every record from `--start` on is shown.
 */
import type { Command } from 'commander';
import { nonNegativeInteger, pageSize } from './options.js';

/** Adds --start, --limit and --all to a command whose list comes whole; `what` is one record ("row"). */
export function withWholeListPaging(command: Command, what: string): Command {
  return command
    .option('--start <n>', `zero-based offset of the first ${what}`, nonNegativeInteger)
    .option('--limit <n>', `at most this many ${what}s (default: every ${what})`, pageSize)
    .option('--all', `every ${what} (the default)`);
}

export interface WholeListPaging {
  start?: number;
  limit?: number;
  all?: boolean;
}

/** The records to show, and how many there are from `start` on (for "showing 3 of 12"). */
export function pageOfWholeList<T>(records: readonly T[], paging: WholeListPaging): { records: T[]; count: number } {
  const start = paging.start ?? 0;
  const end = paging.all || paging.limit === undefined ? records.length : start + paging.limit;
  return { records: records.slice(start, end), count: Math.max(0, records.length - start) };
}
