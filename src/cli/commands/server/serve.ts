/** `shopprop serve`: the local server on a port until SIGINT/SIGTERM. */
import type { GlobalOptions } from '../../global-options.js';
import { parseProfileValue } from '../../config/keys.js';
import { createContext } from '../../context.js';
import { upgradeNotice } from '../../upgrade-notice.js';
import { CliUsageError } from '../../usage-error.js';
import { parseCorsOrigins } from '../../../server/cors-origin.js';

export interface ServeOptions {
  port: number;
  host: string;
  quiet?: boolean;
  /** pretty: a line per request for a person; json: pino's JSON lines. Default: pretty at a terminal. */
  logFormat?: 'pretty' | 'json';
  publicUrl?: string;
  corsOrigin?: string[];
  trustProxy?: string[];
}

export async function run(options: ServeOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const dbFile = await context.storeLocation();
  const { isPostgresUrl, redactedUrl } = await import('../../../store/store-location.js');
  const shown = redactedUrl(dbFile);
  const publicUrl = options.publicUrl !== undefined ? parseProfileValue('publicUrl', options.publicUrl, '--public-url') : (await context.settings()).publicUrl;
  const corsOrigins = await allowedOrigins(options.corsOrigin, context);
  const { startServer, closeOnSignals } = await import('../../../server/start.js');
  const logStream = options.quiet ? undefined : await requestLogStream(options, context);
  const server = await startServer({
    dbFile,
    host: options.host,
    port: options.port,
    log: !options.quiet,
    logStream,
    publicUrl,
    corsOrigins,
    trustProxy: options.trustProxy,
    onUpgrade: upgradeNotice((message) => context.say(message), shown),
  });
  if (corsOrigins.length > 0) context.say(`shopprop serve: browser apps on ${corsOrigins.join(', ')} may call it`);
  if (options.trustProxy?.length)
    context.say(`shopprop serve: the client address is taken from X-Forwarded-For when the request comes from ${options.trustProxy.join(', ')}`);
  context.say(`shopprop serve: listening on ${server.url} (store ${shown}${isPostgresUrl(dbFile) ? ', PostgreSQL' : ''}); Ctrl-C stops`);
  await new Promise<void>((resolve) => closeOnSignals(server, resolve));
  context.say('shopprop serve: stopped; database closed');
}

/**
 * Where the request log goes: a readable line per request at a terminal (or --log-format
 * pretty), pino's JSON lines on stdout otherwise (undefined: pino writes them itself). The
 * pretty printer is loaded only when used.
 */
async function requestLogStream(options: ServeOptions & GlobalOptions, context: ReturnType<typeof createContext>): Promise<NodeJS.WritableStream | undefined> {
  const format = options.logFormat ?? (context.terminal.stdoutIsTTY ? 'pretty' : 'json');
  if (format === 'json') return undefined;
  const [{ prettyRequestLog, RequestLogFormatter, colourPaint }, { colourLevel }] = await Promise.all([
    import('../../serve/pretty-request-log.js'),
    import('../../output/colour.js'),
  ]);
  const level = colourLevel({ stdoutIsTTY: context.terminal.stdoutIsTTY, noColorFlag: options.color === false, env: context.env });
  return prettyRequestLog(context.terminal.stdout, new RequestLogFormatter(colourPaint(level)));
}

/** The CORS allow-list: the --cors-origin flags, else the profile's corsOrigins key, else none. */
async function allowedOrigins(flags: string[] | undefined, context: ReturnType<typeof createContext>): Promise<string[]> {
  if (flags && flags.length > 0) {
    try {
      return parseCorsOrigins(flags.join(','));
    } catch (error) {
      throw new CliUsageError(`--cors-origin: ${(error as Error).message}`);
    }
  }
  const configured = (await context.settings()).corsOrigins;
  return configured ? parseCorsOrigins(configured) : [];
}
