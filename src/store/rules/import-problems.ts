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

/** "<subject> refused, nothing imported (N problems):" and one indented line per problem. */
export function refusalMessage(subject: string, problems: readonly ImportProblem[]): string {
  const count = countOf(problems.length, 'problem');
  return `${subject} refused, nothing imported (${count}):\n${problems.map((p) => `  line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`).join('\n')}`;
}

/** A refused import file, a usage error. Each importer has its own subclass (CatalogImportError, LedgerImportError). */
export class ImportRefusedError extends KnownError {
  constructor(
    readonly subject: string,
    readonly problems: readonly ImportProblem[],
  ) {
    super('usage', refusalMessage(subject, problems));
    this.name = 'ImportRefusedError';
  }
}
