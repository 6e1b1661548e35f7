/** `shopprop serve`: the local server on a port until SIGINT/SIGTERM. */
import type { GlobalOptions } from '../../global-options.js';
import { parseProfileValue } from '../../config/keys.js';
import { createContext } from '../../context.js';
import { upgradeNotice } from '../../upgrade-notice.js';

export interface ServeOptions {
  port: number;
  host: string;
  quiet?: boolean;
  publicUrl?: string;
}

export async function run(options: ServeOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const dbFile = await context.databaseFile();
  const publicUrl = options.publicUrl !== undefined ? parseProfileValue('publicUrl', options.publicUrl, '--public-url') : (await context.settings()).publicUrl;
  const { startServer, closeOnSignals } = await import('../../../server/start.js');
  const server = await startServer({ dbFile, host: options.host, port: options.port, log: !options.quiet, publicUrl, onUpgrade: upgradeNotice((message) => context.say(message), dbFile) });
  context.say(`shopprop serve: listening on ${server.url} (store ${dbFile}); Ctrl-C stops`);
  await new Promise<void>((resolve) => closeOnSignals(server, resolve));
  context.say('shopprop serve: stopped; database closed');
}
