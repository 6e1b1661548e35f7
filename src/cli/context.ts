/**
 * What a command runs with: its terminal, the effective settings, and a client of the service
 * (remote over HTTP, or the bundled server in-process). Everything heavy is made on first use.
 */
import type { ShopClient } from '../client/client.js';
import type { Transport } from '../client/transport.js';
import { cliIO, type CliIO, type Terminal } from './cli-io.js';
import type { Settings } from './config/settings.js';
import type { GlobalOptions } from './global-options.js';
import { wrapWords } from './output/wrap-words.js';
import { upgradeNotice } from './upgrade-notice.js';
import { CliUsageError } from './usage-error.js';

/** How a store comes to be, for every message about a missing one. */
export const FIRST_STEPS =
  '`shopprop local company create --name NAME --use` starts one for your own data (then `shopprop local import`), `shopprop demo` fills one with demo data';

export type { Terminal } from './cli-io.js';

export interface CommandContext {
  readonly globals: GlobalOptions;
  readonly env: NodeJS.ProcessEnv;
  readonly terminal: Terminal;
  /** A person is at the terminal and prompts are allowed (stdin and stdout TTYs, no --no-input). */
  readonly interactive: boolean;
  settings(): Promise<Settings>;
  /** The local store file embedded mode and `local` commands use when no database URL is set. */
  databaseFile(): Promise<string>;
  /**
   * Where embedded mode, `local` commands and `serve` find the store: the database URL
   * (--database, SHOPPROP_DATABASE_URL, the profile's database) when one is set, else the file.
   * A --db flag given without --database wins over a URL from the environment or the profile.
   */
  storeLocation(): Promise<string>;
  client(): Promise<ShopClient>;
  /** True when commands run on the local store in-process. */
  embedded(): Promise<boolean>;
  /** A message for the person (stderr). */
  say(message: string): void;
  /** Epoch milliseconds, from the run's clock. */
  now(): number;
  /** Ends the run with this code once the command returns (an error still wins). */
  setExitCode(code: number): void;
  close(): Promise<void>;
}

export function createContext(globals: GlobalOptions, io: CliIO = cliIO()): CommandContext {
  const { env, terminal } = io;
  let settings: Promise<Settings> | undefined;
  let transport: Promise<Transport> | undefined;
  let client: Promise<ShopClient> | undefined;
  const verbose = globals.verbose === true || (env.SHOPPROP_DEBUG ?? '').split(',').includes('api');
  const trace = verbose ? (line: string) => terminal.stderr.write(`[api] ${line}\n`) : undefined;

  const context: CommandContext = {
    globals,
    env,
    terminal,
    interactive: terminal.stdinIsTTY && terminal.stdoutIsTTY && globals.input !== false,
    settings: () => (settings ??= import('./load-settings.js').then((m) => m.loadEffectiveSettings(globals, env))),
    async databaseFile() {
      // --db, SHOPPROP_DB, then the profile's db (set by `local company create --use`).
      const chosen = (await context.settings()).db;
      if (chosen) return chosen;
      const { defaultDatabaseFile } = await import('./config/paths.js');
      return defaultDatabaseFile(env);
    },
    async storeLocation() {
      const effective = await context.settings();
      const fileByFlag = effective.sources.db === 'flag' && effective.sources.database !== 'flag';
      return effective.database !== undefined && !fileByFlag ? effective.database : context.databaseFile();
    },
    async embedded() {
      return globals.local === true || !(await context.settings()).baseUrl;
    },
    client() {
      return (client ??= (async () => {
        const effective = await context.settings();
        transport = (await context.embedded())
          ? openEmbedded(await context.storeLocation(), context)
          : import('../client/open-http-transport.js').then((m) =>
              m.openHttpTransport({ baseUrl: effective.baseUrl!, trace, deadlineMs: requestDeadlineMs(globals.timeout ?? env.SHOPPROP_TIMEOUT) }),
            );
        const [{ ShopClient }, opened] = await Promise.all([import('../client/client.js'), transport]);
        return new ShopClient({ transport: opened, token: effective.token, trace });
      })());
    },
    say(message) {
      const stderr = terminal.stderr as NodeJS.WriteStream;
      terminal.stderr.write(`${wrapWords(message, stderr.isTTY ? stderr.columns : undefined)}\n`);
    },
    now: () => io.now(),
    setExitCode(code) {
      io.exitCode = code;
    },
    async close() {
      const opened = await transport?.catch(() => undefined);
      await opened?.close();
    },
  };
  return context;
}

/** `--timeout` / SHOPPROP_TIMEOUT in seconds, as milliseconds; undefined keeps the default. */
export function requestDeadlineMs(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > 3600) {
    throw new CliUsageError(`--timeout must be a number of seconds above 0 and at most 3600 (got ${JSON.stringify(text)})`);
  }
  return Math.round(value * 1000);
}

async function openEmbedded(dbFile: string, context: Pick<CommandContext, 'say'>): Promise<Transport> {
  const [{ existsSync }, { isPostgresUrl }] = await Promise.all([import('node:fs'), import('../store/store-location.js')]);
  if (!isPostgresUrl(dbFile) && !existsSync(dbFile)) {
    throw new CliUsageError(`no local store at ${dbFile}: ${FIRST_STEPS}, or set a service with --base-url`);
  }
  const { openEmbeddedTransport } = await import('../server/embedded.js');
  return openEmbeddedTransport(dbFile, { onUpgrade: upgradeNotice((message) => context.say(message), dbFile) });
}
