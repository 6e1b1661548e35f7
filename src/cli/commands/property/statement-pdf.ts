/** `shopprop statement-pdf <id>`: the statement document's link, or the PDF saved to a file. */
import { spawn } from 'node:child_process';
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { writeWholeFile } from '../../output-target.js';
import { runCommand } from '../../run-command.js';
import { documentLink } from './document-link.js';
import { CliUsageError } from '../../usage-error.js';

export interface StatementPdfOptions {
  download?: string;
  open?: boolean;
}

export async function run(options: StatementPdfOptions & GlobalOptions, args: string[]): Promise<void> {
  const statementId = idArgument('statementId', args[0]);
  const file = options.download ?? options.output;
  if (options.open && file === undefined) throw new CliUsageError('--open needs --download FILE (or -o FILE) to save the PDF first');
  await runCommand(options, async (context) => {
    const api = await context.client();
    const link = await api.statementPdf({ statementId });
    if (file === undefined) {
      context.terminal.stdout.write(`${documentLink(link)}\n`);
      return;
    }
    const pdf = await api.fetchDocument(documentLink(link));
    await writeWholeFile(file, pdf);
    context.say(`saved statement ${statementId} (${pdf.length.toLocaleString('en-US')} bytes) to ${file}`);
    if (options.open) openWithViewer(file);
  });
}

/** The desktop's own viewer; detached so the command returns at once. */
function openWithViewer(file: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [file], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`could not start ${opener}; open ${file} yourself\n`));
  child.unref();
}
