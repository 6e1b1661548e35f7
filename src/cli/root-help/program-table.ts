/** The program's help table, checked against commander's help at every width; run by the build only. */
import { buildProgram } from '../program.js';
import type { HelpTable } from './help-table.js';
import { checkTableAgainstCommander, tableFromCommand } from './table-from-program.js';

export function programHelpTable(): HelpTable {
  const program = buildProgram();
  const table = tableFromCommand(program);
  checkTableAgainstCommander(program, table);
  return table;
}
