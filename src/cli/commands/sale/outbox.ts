/** `shopprop sale outbox`: the sales kept offline, oldest first, with why each is still there. */
import { existsSync } from 'node:fs';
import type { GlobalOptions } from '../../global-options.js';
import { emitList } from '../../emit-list.js';
import { runCommand } from '../../run-command.js';

export async function run(options: GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const [{ outboxFile }, { outboxColumns, outboxRecord }] = await Promise.all([import('../../sale/outbox-location.js'), import('../../sale/outbox-columns.js')]);
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
      context.say(entries.length === 0 ? `the outbox is empty (${file})` : `${entries.length} ${entries.length === 1 ? 'sale' : 'sales'} waiting in ${file}; send with \`shopprop sale sync\``);
    } finally {
      outbox.close();
    }
  });
}
