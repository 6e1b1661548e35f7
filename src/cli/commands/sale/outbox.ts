/** `shopprop sale outbox`: the sales kept offline, oldest first, with why each is still there. */
import { existsSync } from 'node:fs';
import type { GlobalOptions } from '../../global-options.js';
import type { OutboxRecord } from '../../sale/outbox-columns.js';
import { emitList } from '../../emit-list.js';
import { runCommand } from '../../run-command.js';

export async function run(options: GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const [{ outboxFile }, { outboxColumns, outboxRecord }] = await Promise.all([
      import('../../sale/outbox-location.js'),
      import('../../sale/outbox-columns.js'),
    ]);
    const file = await outboxFile(context);
    if (!existsSync(file)) {
      await emitList(context, { records: [], columns: outboxColumns });
      context.say(`the outbox is empty (${file})`);
      return;
    }
    const { Outbox } = await import('../../sale/outbox-store.js');
    const outbox = await Outbox.open(file);
    try {
      const entries = outbox.list();
      await emitList(context, { records: entries.map(outboxRecord), columns: outboxColumns, totals: true });
      context.say(entries.length === 0 ? `the outbox is empty (${file})` : outboxSummary(entries.map(outboxRecord), file));
    } finally {
      outbox.close();
    }
  });
}

/** "3 sales in FILE: 2 waiting (...); 1 refused by the service (...)". */
function outboxSummary(records: readonly OutboxRecord[], file: string): string {
  const sales = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;
  const refused = records.filter((r) => r.status === 'refused');
  const waiting = records.length - refused.length;
  const parts: string[] = [];
  if (waiting > 0) parts.push(`${waiting} waiting (\`shopprop sale sync\` sends ${waiting === 1 ? 'it' : 'them'})`);
  if (refused.length > 0) {
    parts.push(
      `${refused.length} refused by the service (\`shopprop sale outbox show ${refused[0]!.outboxId}\` gives the reasons; fix the cause and sync, or delete ${refused.length === 1 ? 'it' : 'them'})`,
    );
  }
  return `${sales(records.length)} in ${file}: ${parts.join('; ')}`;
}
