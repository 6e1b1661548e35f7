/** `shopprop sale outbox show ID`: one kept sale in full, with the service's reasons if it refused it. */
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { runCommand } from '../../run-command.js';

export async function run(options: GlobalOptions, args: string[]): Promise<void> {
  const id = idArgument('the outbox number', args[0]);
  await runCommand(options, async (context) => {
    const [{ openOutboxEntry }, { emitOutboxEntry }] = await Promise.all([import('../../sale/outbox-location.js'), import('../../sale/outbox-entry-view.js')]);
    const { outbox, entry } = await openOutboxEntry(context, id);
    try {
      await emitOutboxEntry(context, entry);
    } finally {
      outbox.close();
    }
  });
}
