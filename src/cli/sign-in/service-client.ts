/**
 * A client of the service at a base URL with a token of the caller's choosing: signing in sends
 * none (a token of another service must not travel there), signing out sends the one it ends.
 * The run's --timeout and --verbose apply as to every command.
 */
import type { ShopClient } from '../../client/client.js';
import { requestDeadlineMs, type CommandContext } from '../context.js';

export async function withServiceClient<T>(
  context: CommandContext,
  target: { baseUrl: string; token?: string },
  work: (client: ShopClient) => Promise<T>,
): Promise<T> {
  const verbose = context.globals.verbose === true || (context.env.SHOPPROP_DEBUG ?? '').split(',').includes('api');
  const trace = verbose ? (line: string) => context.terminal.stderr.write(`[api] ${line}\n`) : undefined;
  const [{ openHttpTransport }, { ShopClient }] = await Promise.all([import('../../client/open-http-transport.js'), import('../../client/client.js')]);
  const transport = await openHttpTransport({
    baseUrl: target.baseUrl,
    trace,
    deadlineMs: requestDeadlineMs(context.globals.timeout ?? context.env.SHOPPROP_TIMEOUT),
  });
  const client = new ShopClient({ transport, token: target.token, trace });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
