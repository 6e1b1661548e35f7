/**
 * `shopprop api METHOD PATH`: any endpoint of the service (or of the local store), as `gh api`
 * reaches any of GitHub's, with the profile's base URL, token, --timeout and retries, for what
 * the tool's own commands do not cover. The answer is printed as it came; a failure exits as
 * every command's does (a 404 exits 3, a 401 exits 4).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { apiPaging } from '../../api/api-pages.js';
import { apiRequest } from '../../api/api-request.js';
import { collectFields } from '../../api/fields.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

export interface ApiOptions {
  field?: string[];
  rawField?: string[];
  header?: string[];
  paginate?: boolean;
  include?: boolean;
}

export async function run(options: ApiOptions & GlobalOptions, args: string[], command: Command): Promise<void> {
  // --input FILE is this command's own; merged with the global options it meets --no-input's `input`.
  const input = command.opts<{ input?: unknown }>().input;
  const inputFile = typeof input === 'string' ? input : undefined;
  await runCommand(options, async (context) => {
    const [method = '', path = ''] = args;
    const body = inputFile === undefined ? undefined : await readBody(context, inputFile);
    const request = apiRequest({ method, path, fields: collectFields(options.field, options.rawField), body, headers: options.header });
    const client = await context.client();
    if (options.paginate) {
      const { writePages } = await import('../../api/api-paged-reply.js');
      await writePages(context, request.path, apiPaging(client, request), options.include === true);
      return;
    }
    const response = await client.raw(request);
    const { writeReply } = await import('../../api/api-reply.js');
    await writeReply(context, request.path, response, options.include === true);
  });
}

/** The whole body as JSON, from a file or standard input (`-`): the service takes JSON only. */
async function readBody(context: CommandContext, file: string): Promise<unknown> {
  let text: string;
  if (file === '-') {
    text = '';
    for await (const chunk of context.terminal.stdin) text += chunk.toString();
  } else {
    text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new CliUsageError(`--input ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CliUsageError(`--input ${file === '-' ? '(standard input)' : file} is not JSON: ${(error as Error).message}`);
  }
}
