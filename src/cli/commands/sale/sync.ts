/** `shopprop sale sync`: send the offline outbox, oldest first, exactly once each. */
import { existsSync } from 'node:fs';
import { countOf } from '../../../domain/plural.js';
import type { GlobalOptions } from '../../global-options.js';
import { emitList } from '../../emit-list.js';
import { runCommand } from '../../run-command.js';

export async function run(options: GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const { outboxFile, outboxTarget } = await import('../../sale/outbox-location.js');
    const file = await outboxFile(context);
    const { syncResultColumns } = await import('../../sale/outbox-columns.js');
    if (!existsSync(file)) {
      await emitList(context, { records: [], columns: syncResultColumns });
      context.say('the outbox is empty: nothing to send');
      return;
    }
    const [{ Outbox }, { syncOutbox }] = await Promise.all([import('../../sale/outbox-store.js'), import('../../sale/outbox-sync.js')]);
    const outbox = await Outbox.open(file);
    let summary;
    try {
      if (outbox.count() === 0) {
        await emitList(context, { records: [], columns: syncResultColumns });
        context.say('the outbox is empty: nothing to send');
        return;
      }
      const api = await context.client();
      summary = await syncOutbox({
        outbox,
        target: await outboxTarget(context),
        send: (body, idempotencyKey) => api.saveCashSale(body, { idempotencyKey }),
        onTakeOver: (holder) => context.say(`taking over from an earlier sync (process ${holder.pid}) that stopped before it finished`),
        onResult: (result) => {
          if (result.status === 'sent') context.say(`sent #${result.outboxId}: receipt ${result.receiptNo ?? '?'}, sale ${result.saleId ?? '?'}`);
          else if (result.status === 'refused') context.say(`refused #${result.outboxId}, kept in the outbox: ${result.message}`);
        },
      });
    } finally {
      outbox.close();
    }
    await emitList(context, { records: summary.results, columns: syncResultColumns });
    const sent = summary.results.filter((r) => r.status === 'sent').length;
    const skipped = summary.results.filter((r) => r.status === 'skipped').length;
    context.say(`${sent} sent, ${summary.remaining} still in the outbox${skipped ? `, ${skipped} queued for another service left alone` : ''}`);
    if (summary.stoppedBy) throw summary.stoppedBy;
    if (summary.remaining > 0) {
      const them = summary.remaining === 1 ? 'it stays' : 'they stay';
      const first = summary.results.find((r) => r.status === 'refused')?.outboxId;
      const see = first === undefined ? '`shopprop sale outbox`' : `\`shopprop sale outbox show ${first}\``;
      throw new Error(
        `${countOf(summary.remaining, 'sale')} ${summary.remaining === 1 ? 'was' : 'were'} refused and ${them} in the outbox: see ${see} for the reasons; fix the cause and sync again, or \`shopprop sale outbox delete\` ${summary.remaining === 1 ? 'it' : 'them'}`,
      );
    }
  });
}
