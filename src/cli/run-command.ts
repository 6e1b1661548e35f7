/**
 * Gives a command its context and always closes it (the embedded store, HTTP connections); an
 * -o FILE that would replace a file is settled first.
 */
import { createContext, type CommandContext } from './context.js';
import type { GlobalOptions } from './global-options.js';
import { checkOutputFile } from './output-target.js';

export async function runCommand<T>(globals: GlobalOptions, body: (context: CommandContext) => Promise<T>): Promise<T> {
  const context = createContext(globals);
  try {
    // An -o FILE that exists is agreed to (or refused) before any request is made.
    await checkOutputFile(context, globals.output);
    return await body(context);
  } catch (error) {
    // Loaded only on a refusal: the expiry a 401 may mean is told in words.
    if (error instanceof Error && (error as { status?: number }).status === 401) {
      throw await (await import('./sign-in/expired-login.js')).namedExpiry(context, error);
    }
    throw error;
  } finally {
    await context.close();
  }
}
