/**
 * The mail server `month-end --send` uses: the profile's smtp.* settings, the password from
 * SHOPPROP_SMTP_PASSWORD or asked at the terminal (never a flag: flags end up in shell history
 * and `ps`). Settled before the month-end's work, so a missing setting costs nothing.
 */
import { KnownError } from '../../../contract/error-kinds.js';
import type { SmtpSecurity } from '../../config/smtp-keys.js';
import type { CommandContext } from '../../context.js';
import { CliUsageError } from '../../usage-error.js';

export const SMTP_PASSWORD_ENV = 'SHOPPROP_SMTP_PASSWORD';

export interface MailServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  from: string;
  /** Absent: the server takes mail without signing in (a local relay). */
  auth?: { user: string; pass: string };
}

const DEFAULT_PORTS: Record<SmtpSecurity, number> = { starttls: 587, tls: 465, none: 25 };

export async function mailServer(context: CommandContext): Promise<MailServer> {
  const settings = await context.settings();
  const host = settings['smtp.host'];
  const from = settings['smtp.from'];
  const missing = [host ? undefined : 'smtp.host smtp.example.com', from ? undefined : 'smtp.from accounts@example.com'].filter((m) => m !== undefined);
  if (missing.length > 0) {
    throw new CliUsageError(
      `--send needs the mail server in the profile: ${missing.map((m) => `\`shopprop config set ${m}\``).join(', ')} (and smtp.port, smtp.user if it asks for them)`,
    );
  }
  const security = settings['smtp.security'] ?? 'starttls';
  const server: MailServer = { host: host!, port: settings['smtp.port'] ?? DEFAULT_PORTS[security], security, from: from! };
  const user = settings['smtp.user'];
  if (user !== undefined) server.auth = { user, pass: await passwordOf(context, user, server.host) };
  return server;
}

async function passwordOf(context: CommandContext, user: string, host: string): Promise<string> {
  const fromEnv = context.env[SMTP_PASSWORD_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!context.interactive) throw new CliUsageError(`no password for ${user} at ${host}: set ${SMTP_PASSWORD_ENV} (there is no terminal to ask)`);
  const { password } = await import('@inquirer/prompts');
  try {
    return await password({ message: `Password of ${user} at ${host}`, mask: '*' });
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new KnownError('interrupted', 'interrupted', { cause: error });
    throw error;
  }
}
