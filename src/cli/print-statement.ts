/** Shows a statement the workflow just changed: the record on stdout, a line on stderr. */
import type { StatementRecord } from '../contract/statement.js';
import type { CommandContext } from './context.js';
import { emitList } from './emit-list.js';
import { statementColumns } from './output/columns/statement.js';
import { formatMoney } from './output/money-text.js';

export async function printStatement(context: CommandContext, statement: StatementRecord, message: string): Promise<void> {
  await emitList(context, { records: [statement], columns: statementColumns });
  context.say(
    `${message} (${statement.propertyName ?? `property ${statement.propertyId}`}, ${statement.month} ${statement.year}, net due ${formatMoney(statement.amtPyble)})`,
  );
}
