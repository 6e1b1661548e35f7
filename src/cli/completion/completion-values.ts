/**
 * The values a flag or a positional argument takes, where commander does not hold them itself
 * (`.choices()` does; our case-insensitive choiceOption and a few arguments do not), so shell
 * completion offers them from the same definition the parser checks against. Kept on the option
 * under a registered symbol: the definitions and the completion command are separate bundles.
 */
import type { Argument, Option } from 'commander';

const VALUES = Symbol.for('shopprop.completion-values');
type WithValues = { [VALUES]?: readonly string[] };

export function completeWith<T extends Option | Argument>(item: T, values: readonly string[]): T {
  (item as T & WithValues)[VALUES] = values;
  return item;
}

/** The values to offer: commander's choices, else those given to completeWith. */
export function completionValues(item: Option | Argument): readonly string[] | undefined {
  return item.argChoices ?? (item as (Option | Argument) & WithValues)[VALUES];
}
