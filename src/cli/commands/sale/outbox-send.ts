/**
 * `shopprop sale outbox send ID [--to PROFILE]`: sends one kept sale now, to the service of this
 * profile or, with `--to`, of another one (a till moved to another server, a sale queued under the
 * wrong profile). The sale goes with the Idempotency-Key it was composed with, so sending it again
 * never records it twice on one service. Refused, it stays in the outbox with the service's
 * reasons (exit 2); unreachable, it stays queued (exit 5).
 */
import { emitList } from '../../emit-list.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { runCommand } from '../../run-command.js';

export interface OutboxSendOptions {
  to?: string;
}

export async function run(options: OutboxSendOptions & GlobalOptions, args: string[]): Promise<void> {
  const id = idArgument('the outbox number', args[0]);
  await runCommand(options, async (context) => {
    const [{ openOutboxEntry, outboxTarget }, { sendOutboxEntry }, { syncResultColumns }] = await Promise.all([
      import('../../sale/outbox-location.js'),
      import('../../sale/outbox-sync.js'),
      import('../../sale/outbox-columns.js'),
    ]);
    const destination = options.to === undefined ? context : await profileContext(context, options.to);
    try {
      const target = await outboxTarget(destination);
      const { outbox, entry } = await openOutboxEntry(context, id);
      let sent;
      try {
        const to = options.to === undefined ? target : `profile ${options.to} (${target})`;
        context.say(`sending #${id} to ${to}${entry.target === target ? '' : `; it was kept for ${entry.target}`}`);
        const api = await destination.client();
        sent = await sendOutboxEntry({
          outbox,
          id,
          send: (body, idempotencyKey) => api.saveCashSale(body, { idempotencyKey }),
          now: () => context.now(),
          onTakeOver: (holder) => context.say(`taking over from an earlier sync (process ${holder.pid}) that stopped before it finished`),
        });
      } finally {
        outbox.close();
      }
      if (!sent) throw new Error(`sale #${id} left the outbox meanwhile (sent by a sync?); nothing was sent`);
      await emitList(context, { records: [sent.result], columns: syncResultColumns });
      const { result } = sent;
      if (result.status === 'sent') context.say(`sent #${id}: receipt ${result.receiptNo ?? '?'}, sale ${result.saleId ?? '?'}`);
      else if (result.status === 'refused') context.say(`refused #${id}, kept in the outbox with the reasons: ${result.message}`);
      else context.say(`not sent #${id}, still in the outbox: ${result.message}`);
      if (sent.error !== undefined) throw sent.error;
    } finally {
      if (destination !== context) await destination.close();
    }
  });
}

/**
 * The named profile's service, as `--profile NAME` would reach it: its base URL, token and local
 * store. The environment's SHOPPROP_BASE_URL, SHOPPROP_TOKEN, SHOPPROP_COMPANY and SHOPPROP_DB
 * are this run's, not the other profile's, so they are left out.
 */
async function profileContext(context: CommandContext, profile: string): Promise<CommandContext> {
  const [{ createContext }, { SETTINGS_ENV }] = await Promise.all([import('../../context.js'), import('../../config/settings.js')]);
  const env = { ...context.env };
  for (const name of Object.values(SETTINGS_ENV)) delete env[name];
  const { globals } = context;
  const other = createContext(
    {
      profile,
      input: globals.input,
      color: globals.color,
      verbose: globals.verbose,
      timeout: globals.timeout,
      format: globals.format,
      fields: globals.fields,
      output: globals.output,
    },
    { terminal: context.terminal, env, now: () => context.now() },
  );
  await other.settings();
  return other;
}
