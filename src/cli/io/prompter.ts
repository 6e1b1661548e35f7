/**
 * Questions for the person at the terminal. @inquirer/prompts is loaded only when a question is
 * actually asked. Commands ask only when `context.interactive`; scripts never see a prompt.
 */
import { KnownError } from '../../contract/error-kinds.js';
import { readAmount } from './amount-text.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

export interface Prompter {
  text(message: string, options?: { default?: string; validate?: (value: string) => true | string }): Promise<string>;
  positiveInteger(message: string, options?: { default?: number }): Promise<number>;
  /** An amount; thousands separators accepted (`10,000`, `10 000`). */
  money(message: string, options?: { default?: number; max?: number }): Promise<number>;
  select<T>(message: string, choices: readonly Choice<T>[], options?: { default?: T }): Promise<T>;
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
  /** Type to filter a long list; `source` is called with what was typed so far. */
  search<T>(message: string, source: (term: string | undefined) => Promise<readonly Choice<T>[]>): Promise<T>;
}

export interface PrompterStreams {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export function inquirerPrompter(streams: PrompterStreams = {}): Prompter {
  const load = () => import('@inquirer/prompts');
  const context = streams.input || streams.output ? { input: streams.input, output: streams.output } : undefined;
  return {
    async text(message, options = {}) {
      const { input } = await load();
      return asked(input({ message, default: options.default, validate: options.validate, required: true }, context as never));
    },
    async positiveInteger(message, options = {}) {
      const { input } = await load();
      const answer = await asked(
        input(
          {
            message,
            default: options.default === undefined ? undefined : String(options.default),
            validate: (value) => (/^\s*\d+\s*$/.test(value) && Number(value) >= 1 ? true : 'a positive whole number, please'),
          },
          context as never,
        ),
      );
      return Number(answer.trim());
    },
    async money(message, options = {}) {
      const { input } = await load();
      const maxCents = options.max === undefined ? undefined : Math.round(options.max * 100);
      const answer = await asked(
        input(
          {
            message,
            default: options.default === undefined ? undefined : options.default.toFixed(2),
            validate: (value) => {
              const reading = readAmount(value);
              if ('problem' in reading) return reading.problem;
              if (maxCents !== undefined && reading.cents > maxCents) return `at most ${options.max!.toFixed(2)}`;
              return true;
            },
          },
          context as never,
        ),
      );
      const reading = readAmount(answer);
      return 'cents' in reading ? reading.cents / 100 : 0;
    },
    async select(message, choices, options = {}) {
      const { select } = await load();
      return asked(select({ message, choices: choices.map((c) => ({ ...c })), default: options.default, pageSize: 12 }, context as never));
    },
    async confirm(message, options = {}) {
      const { confirm } = await load();
      return asked(confirm({ message, default: options.default ?? true }, context as never));
    },
    async search(message, source) {
      const { search } = await load();
      return asked(search({ message, source: async (term) => (await source(term)).map((c) => ({ ...c })), pageSize: 12 }, context as never));
    },
  };
}

/**
 * A question given up (Ctrl-C, or the prompt aborted) is the `interrupted` kind. inquirer's
 * error classes are not exported by @inquirer/prompts, so they are known by the names it gives them.
 */
async function asked<T>(question: Promise<T>): Promise<T> {
  try {
    return await question;
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new KnownError('interrupted', 'interrupted', { cause: error });
    throw error;
  }
}
