/**
 * A new password for a local user: piped in (`--password-stdin`, for scripts), or asked twice at
 * the terminal without echo. Never taken as a flag: flags end up in shell history and `ps`.
 */
import { KnownError } from '../../contract/error-kinds.js';
import type { CommandContext } from '../context.js';
import { CliUsageError } from '../usage-error.js';

export async function readNewPassword(context: CommandContext, fromStdin: boolean | undefined): Promise<string> {
  if (fromStdin) return passwordFromStdin(context);
  const first = await askPassword(context, 'Password');
  if ((await askPassword(context, 'Password again')) !== first) throw new CliUsageError('the two passwords differ; nothing changed');
  return first;
}

/** The password of an existing account, to sign in with: asked once, or piped in. */
export async function readPassword(context: CommandContext, fromStdin: boolean | undefined): Promise<string> {
  const password = fromStdin ? await passwordFromStdin(context) : await askPassword(context, 'Password');
  if (password === '') throw new CliUsageError('the password is empty');
  return password;
}

async function passwordFromStdin(context: CommandContext): Promise<string> {
  let text = '';
  for await (const chunk of context.terminal.stdin) text += chunk.toString();
  // One line: the newline `echo` or a heredoc adds is not part of the password.
  return text.replace(/\r?\n$/, '');
}

async function askPassword(context: CommandContext, message: string): Promise<string> {
  if (!context.interactive) {
    throw new CliUsageError('no terminal to ask for the password: pipe it in with --password-stdin');
  }
  const { password } = await import('@inquirer/prompts');
  try {
    return await password({ message, mask: '*' });
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new KnownError('interrupted', 'interrupted', { cause: error });
    throw error;
  }
}
