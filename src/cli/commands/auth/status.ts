/**
 * `shopprop status` (`whoami`): the service, whether it answers, who is signed in, until when,
 * and where each setting comes from, as `gh auth status` does. Exit 4 when nobody is signed in or
 * the sign-in has ended, so a script can check before it starts its work.
 */
import { ApiError } from '../../../client/errors.js';
import { KnownError } from '../../../contract/error-kinds.js';
import { readConfigFile } from '../../config/config-file.js';
import { signInOfToken } from '../../config/sign-in.js';
import type { Settings } from '../../config/settings.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { runCommand } from '../../run-command.js';
import { withServiceClient } from '../../sign-in/service-client.js';
import { untilText } from '../../sign-in/signed-in-text.js';

/** What the server said of the token. */
interface ServerWord {
  answers: boolean;
  /** The token's user as the server names it; undefined when it does not say (no such endpoint, no answer). */
  user?: { name: string; userId: number | null; companyId: number | null; role: string };
  refused?: string;
  failure?: string;
}

export async function run(options: GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const settings = await context.settings();
    const report = await statusOf(context, settings);
    const asJson = context.globals.format === 'json' || (context.globals.format === undefined && !context.terminal.stdoutIsTTY);
    context.terminal.stdout.write(asJson ? `${JSON.stringify(report, null, 2)}\n` : textOf(report));
    if (report.problem !== undefined) throw new KnownError('auth', report.problem);
  });
}

type Report = Awaited<ReturnType<typeof statusOf>>;

async function statusOf(context: CommandContext, settings: Settings) {
  const now = context.now();
  const sources = {
    profile: settings.sources.profile,
    baseUrl: settings.sources.baseUrl,
    token: settings.sources.token,
    companyId: settings.sources.companyId,
  };
  if (context.globals.local === true || settings.baseUrl === undefined) {
    return {
      profile: settings.profile,
      service: `the local store ${await context.storeLocation()}`,
      answers: true,
      signedIn: true,
      user: 'local admin',
      sources,
      problem: undefined,
    };
  }
  const signIn = signInOfToken(readConfigFile({ env: context.env }).signIn(settings.profile), settings.token);
  const expired = signIn !== undefined && now >= signIn.expiresAt;
  const word = await askServer(context, settings.baseUrl, settings.token);
  const user = word.user?.name ?? signIn?.name;
  const problem =
    settings.token === undefined
      ? `not signed in to ${settings.baseUrl}: \`shopprop login\` signs in`
      : expired
        ? `signed in as ${signIn.username} until ${untilText(signIn.expiresAt, now)}, which has passed; \`shopprop login\` to sign in again`
        : word.refused !== undefined
          ? `the service refuses the token (${word.refused}); \`shopprop login\` to sign in again`
          : undefined;
  return {
    profile: settings.profile,
    service: settings.baseUrl,
    answers: word.answers,
    ...(word.failure === undefined ? {} : { failure: word.failure }),
    signedIn: problem === undefined,
    ...(user === undefined ? {} : { user }),
    ...(signIn === undefined ? {} : { username: signIn.username }),
    companyId: word.user?.companyId ?? signIn?.companyId ?? settings.companyId,
    role: word.user?.role ?? signIn?.role,
    ...(signIn === undefined ? {} : { expiresAt: new Date(signIn.expiresAt).toISOString(), expired }),
    sources,
    problem,
  };
}

/** One question to the server: who is this token. A server without the question still answers (404). */
async function askServer(context: CommandContext, baseUrl: string, token: string | undefined): Promise<ServerWord> {
  try {
    return await withServiceClient(context, { baseUrl, token }, async (client) => {
      const { session } = await import('../../../client/auth-calls.js');
      const answer = await session(client);
      const { name, role } = answer;
      if (typeof name !== 'string' || typeof role !== 'string') return { answers: true };
      return { answers: true, user: { name, role, userId: answer.userId ?? null, companyId: answer.companyId ?? null } };
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === undefined) return { answers: false, failure: error instanceof Error ? error.message : String(error) };
    if (error.status === 401) return { answers: true, refused: error.serverMessage ?? 'HTTP 401' };
    return { answers: true };
  }
}

const SOURCE_WORDS: Record<string, string> = { flag: 'flag', env: 'environment', config: 'profile', inherited: 'the default profile', default: 'not set' };

function textOf(report: Report): string {
  const lines = [
    `service     ${report.service} (${report.answers ? 'answers' : `does not answer${'failure' in report ? `: ${report.failure}` : ''}`})`,
    `signed in   ${report.signedIn ? `yes, as ${report.user ?? "the token's user"}${'username' in report && report.username ? ` (${report.username})` : ''}` : 'no'}`,
  ];
  if ('companyId' in report && report.companyId !== undefined) lines.push(`company     ${report.companyId}`);
  if ('role' in report && report.role !== undefined) lines.push(`role        ${report.role}`);
  if ('expiresAt' in report && report.expiresAt !== undefined) lines.push(`token       ${report.expired ? 'expired' : 'valid until'} ${report.expiresAt}`);
  const from = Object.entries(report.sources).map(([key, source]) => `${key}: ${SOURCE_WORDS[source] ?? source}`);
  lines.push(`profile     ${report.profile}`, `settings    ${from.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
