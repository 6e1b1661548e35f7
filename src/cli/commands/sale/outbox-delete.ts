/**
 * `shopprop sale outbox delete ID`: forgets a kept sale, which is then never sent. Asked to
 * confirm at a terminal (the customer and total shown); `--yes` for scripts, and without it a
 * run that cannot ask is refused (exit 2) rather than deleting a sale unasked.
 */
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { prompter } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

export interface OutboxDeleteOptions {
  yes?: boolean;
}

export async function run(options: OutboxDeleteOptions & GlobalOptions, args: string[]): Promise<void> {
  const id = idArgument('the outbox number', args[0]);
  await runCommand(options, async (context) => {
    const [{ openOutboxEntry }, { deleteOutboxEntry }, { formatCents }, { toCents }] = await Promise.all([
      import('../../sale/outbox-location.js'),
      import('../../sale/outbox-sync.js'),
      import('../../output/money-text.js'),
      import('../../../domain/money.js'),
    ]);
    const { outbox, entry } = await openOutboxEntry(context, id);
    try {
      const what = `sale #${id} to ${entry.body.issuedTo}, total ${formatCents(toCents(entry.body.totalAmount))}, kept for ${entry.target}`;
      if (!options.yes) {
        if (!context.interactive) throw new CliUsageError(`deleting ${what} needs confirmation: add --yes (nothing was deleted)`);
        if (!(await prompter().confirm(`Delete ${what}? It will never be sent.`, { default: false }))) {
          context.say('not deleted');
          return;
        }
      }
      if (!deleteOutboxEntry(outbox, id, context.now())) throw new Error(`sale #${id} left the outbox meanwhile (sent by a sync?); nothing was deleted`);
      context.say(`deleted ${what}`);
    } finally {
      outbox.close();
    }
  });
}
