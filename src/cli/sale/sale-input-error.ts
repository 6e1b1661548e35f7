import { countOf } from '../../domain/plural.js';
import { KnownError } from '../../contract/error-kinds.js';

/**
 * A sale that cannot be saved as given: every problem found, not only the first, so a file can be
 * fixed in one go. A usage error.
 */
export class SaleInputError extends KnownError {
  override readonly name = 'SaleInputError';
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    const count = countOf(problems.length, 'problem');
    super('usage', `${source}: ${count}, nothing saved:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}
