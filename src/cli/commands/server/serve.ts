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
  publicUrl?: string;
  corsOrigin?: string[];
}

export async function run(options: ServeOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const dbFile = await context.databaseFile();
  const publicUrl = options.publicUrl !== undefined ? parseProfileValue('publicUrl', options.publicUrl, '--public-url') : (await context.settings()).publicUrl;
  const corsOrigins = await allowedOrigins(options.corsOrigin, context);
  const { startServer, closeOnSignals } = await import('../../../server/start.js');
  const server = await startServer({ dbFile, host: options.host, port: options.port, log: !options.quiet, publicUrl, corsOrigins, onUpgrade: upgradeNotice((message) => context.say(message), dbFile) });
  if (corsOrigins.length > 0) context.say(`shopprop serve: browser apps on ${corsOrigins.join(', ')} may call it`);
  context.say(`shopprop serve: listening on ${server.url} (store ${dbFile}); Ctrl-C stops`);
  await new Promise<void>((resolve) => closeOnSignals(server, resolve));
  context.say('shopprop serve: stopped; database closed');
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
