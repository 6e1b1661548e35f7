/**
 * What an import refuses, the same way for every kind of file (catalog and ledger): each
 * problem names its line and field, and the message lists them all. A refused file imports
 * nothing.
 */
import { KnownError } from '../../contract/error-kinds.js';

import { countOf } from '../../domain/plural.js';

export interface ImportProblem {
  /** Line of the file (1 is the header); 0 for the file as a whole. */
  line: number;
  /** The column at fault (its name as the importer knows it), or null for the row or file. */
  field: string | null;
  message: string;
}

/** How many problems a refusal lists: a file wrong on every one of its 600,000 lines is told by its first ones and a count. */
export const PROBLEMS_LISTED = 1000;

/** "<subject> refused, nothing imported (N problems):" and one indented line per problem listed. */
export function refusalMessage(subject: string, problems: readonly ImportProblem[], total = problems.length): string {
  const count = countOf(total, 'problem');
  const listed = total > problems.length ? `; the first ${problems.length} listed` : '';
  return `${subject} refused, nothing imported (${count}${listed}):\n${problems.map((p) => `  line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`).join('\n')}`;
}

/** The problems of a file read in slices: every one counted, the first PROBLEMS_LISTED kept (memory stays bounded). */
export class ProblemList {
  readonly listed: ImportProblem[] = [];
  total = 0;

  add(line: number, field: string | null, message: string): undefined {
    this.total++;
    if (this.listed.length < PROBLEMS_LISTED) this.listed.push({ line, field, message });
    return undefined;
  }

  get any(): boolean {
    return this.total > 0;
  }
}

/** A refused import file, a usage error. Each importer has its own subclass (CatalogImportError, LedgerImportError). */
export class ImportRefusedError extends KnownError {
  constructor(
    readonly subject: string,
    readonly problems: readonly ImportProblem[],
    /** How many problems the file has (more than listed when it has very many). */
    readonly total = problems.length,
  ) {
    super('usage', refusalMessage(subject, problems, total));
    this.name = 'ImportRefusedError';
  }
}
