/**
 * `shopprop --help`, `-h` and `help` alone (bin/shopprop.js sends them here, built as
 * dist/cli/root-help.cjs): the program's help laid out from the table the build made from the
 * command definitions, byte for byte what commander prints, without loading commander or the
 * definitions, which cost such a start more than Node itself.
 */
import { helpWidth } from '../help-width.js';
import { formatHelpTable } from './format-help-table.js';
import type { HelpTable } from './help-table.js';

/** The program's help table, made by scripts/build.mjs from src/cli/root-help/program-table.ts. */
declare const __ROOT_HELP_TABLE__: HelpTable;

// As main.ts: the reader of the help went away (`shopprop --help | head`): nothing left to say.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.stdout.write(formatHelpTable(__ROOT_HELP_TABLE__, helpWidth(process.stdout)));
