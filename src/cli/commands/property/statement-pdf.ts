/** `shopprop statement-pdf <id>`: the statement document's link, or the PDF saved to a file. */
import { spawn } from 'node:child_process';
import { extname } from 'node:path';
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { checkOutputFile, writeWholeFile } from '../../output-target.js';
import { runCommand } from '../../run-command.js';
import { documentLink } from '../../../client/document-link.js';
import { CliUsageError } from '../../usage-error.js';

export interface StatementPdfOptions {
  download?: string;
  open?: boolean;
}

export async function run(options: StatementPdfOptions & GlobalOptions, args: string[]): Promise<void> {
  const statementId = idArgument('statementId', args[0]);
  const asked = pdfFile(options);
  await runCommand(options, async (context) => {
    // In-process, the link would name a server nobody runs: the PDF itself is what is useful.
    const embedded = await context.embedded();
    const file = asked ?? (embedded ? `statement-${statementId}.pdf` : undefined);
    if (options.open && file === undefined) throw new CliUsageError('--open needs --download FILE (or -o FILE) to save the PDF first');
    await checkOutputFile(context, file);
    const api = await context.client();
    const link = await api.statementPdf({ statementId });
    if (file === undefined) {
      context.terminal.stdout.write(`${documentLink(link)}\n`);
      return;
    }
    const pdf = await api.fetchDocument(documentLink(link));
    await writeWholeFile(context, file, pdf);
    context.say(`saved statement ${statementId} (${pdf.length.toLocaleString('en-US')} bytes) to ${file}`);
    if (asked === undefined) {
      // The path on stdout, where the link would have been, so a script finds the file.
      context.terminal.stdout.write(`${file}\n`);
      context.say(
        '(the local store runs in-process, so no server serves the link: the PDF was saved instead; -o FILE picks the file, `shopprop serve` serves links)',
      );
    }
    if (options.open) openWithViewer(file, (message) => context.say(message));
  });
}

/** The file asked for with --download or -o; one that does not end in .pdf is refused, not written as a PDF under another name. */
function pdfFile(options: StatementPdfOptions & GlobalOptions): string | undefined {
  if (options.download !== undefined && options.output !== undefined && options.output !== options.download) {
    throw new CliUsageError('--download FILE and -o FILE both name the file: give one');
  }
  const file = options.download ?? (options.output === '-' ? undefined : options.output);
  if (file === undefined) return undefined;
  const extension = extname(file).toLowerCase();
  if (extension !== '.pdf') {
    const what = extension === '' ? 'has no extension' : `has extension "${extension}"`;
    throw new CliUsageError(`a statement is saved as a PDF: "${file}" ${what}; name a .pdf file`);
  }
  if (options.format !== undefined) throw new CliUsageError(`--format ${options.format} does not apply: the statement is saved as a PDF`);
  return file;
}

/** The desktop's own viewer; detached so the command returns at once. */
function openWithViewer(file: string, say: (message: string) => void): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [file], { detached: true, stdio: 'ignore' });
  child.on('error', () => say(`could not start ${opener}; open ${file} yourself`));
  child.unref();
}
