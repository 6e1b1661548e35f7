/** Gives a command its context and always closes it (the embedded store, HTTP connections). */
import { createContext, type CommandContext } from './context.js';
import type { GlobalOptions } from './global-options.js';

export async function runCommand<T>(globals: GlobalOptions, body: (context: CommandContext) => Promise<T>): Promise<T> {
  const context = createContext(globals);
  try {
    return await body(context);
  } finally {
    await context.close();
  }
}
