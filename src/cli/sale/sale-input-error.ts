import { countOf } from '../../domain/plural.js';

/**
 * A sale that cannot be saved as given: every problem found, not only the first, so a file can be
 * fixed in one go. The CLI exits 2 (recognised by its name in error-exit.ts).
 */
export class SaleInputError extends Error {
  override readonly name = 'SaleInputError';
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    const count = countOf(problems.length, 'problem');
    super(`${source}: ${count}, nothing saved:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}
