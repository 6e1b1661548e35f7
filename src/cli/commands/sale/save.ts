/**
 * `shopprop sale save`: record a cash sale, composed at the terminal or read from JSON
 * (`--file sale.json`, `--file -` for stdin); `--dry-run` checks it and shows its totals. Every
 * sale carries an Idempotency-Key made when it is composed; a sale the service cannot receive
 * now is kept in the offline outbox for `sale sync`.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SaveCashSaleBody } from '../../../contract/cash-sale.js';
import type { CheckedSale } from '../../../domain/sale-check.js';
import type { StockUnit } from '../../sale/interactive-sale.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { prompter, companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

export interface SaleSaveOptions {
  file?: string;
  dryRun?: boolean;
  company?: number;
  shop?: number;
  cashbook?: number;
  user?: number;
}

export async function run(options: SaleSaveOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    if (options.file === undefined && context.interactive) {
      // At a terminal the sale is sent from its summary, and a refusal goes back there.
      const sent = await atTerminal(context, options);
      if (!sent) {
        context.say('not saved');
        context.setExitCode(1);
      }
      return;
    }
    if (options.file === undefined) {
      throw new CliUsageError('missing --file: give the sale as JSON (--file sale.json, or --file - to read stdin); prompts need a terminal');
    }
    const composed = await fromFile(context, options);
    const { checkSale, describeProblems } = await import('../../../domain/sale-check.js');
    const checked = composed.checked ?? checkSale(composed.body);
    if (checked.problems.length > 0) {
      const { SaleInputError } = await import('../../sale/sale-input-error.js');
      throw new SaleInputError('the sale', describeProblems(checked.problems).split('; '));
    }
    await deliver(context, options, composed.body, composed.idempotencyKey, checked);
  });
}

/** Shows the dry run, or saves the sale (keeping it in the outbox when the service cannot take it now) and says how it went. */
async function deliver(context: CommandContext, options: SaleSaveOptions, body: SaveCashSaleBody, idempotencyKey: string, checked: CheckedSale): Promise<void> {
  const output = await import('../../sale/sale-output.js');
  if (options.dryRun) {
    await output.emitPreview(context, output.salePreview(body, checked));
    return;
  }
  const { saveOrQueue } = await import('../../sale/deliver-sale.js');
  const outcome = await saveOrQueue(context, await context.client(), body, idempotencyKey);
  await output.emitSaveOutcome(context, outcome);
}

async function fromFile(context: CommandContext, options: SaleSaveOptions): Promise<{ body: SaveCashSaleBody; idempotencyKey: string; checked: CheckedSale }> {
  const source = options.file === '-' ? 'stdin' : options.file!;
  let text: string;
  try {
    text = options.file === '-' ? await readAll(context.terminal.stdin) : await readFile(options.file!, 'utf8');
  } catch (error) {
    throw new CliUsageError(
      `cannot read --file ${options.file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const [{ parseSaleJson, prepareFileSale }, settings] = await Promise.all([import('../../sale/sale-file.js'), context.settings()]);
  const fromFlagOrConfig = (flag: number | undefined, config: number | undefined) =>
    flag !== undefined ? { value: flag, from: 'flag' as const } : config !== undefined ? { value: config, from: 'config' as const } : undefined;
  const prepared = prepareFileSale(
    parseSaleJson(text, source),
    {
      companyId: fromFlagOrConfig(options.company, settings.companyId),
      retailShopId: fromFlagOrConfig(options.shop, settings.retailShopId),
      cashbookId: fromFlagOrConfig(options.cashbook, settings.cashbookId),
      userId: fromFlagOrConfig(options.user, settings.userId),
    },
    source,
  );
  if (prepared.unknownFields.length > 0)
    context.say(`note: ${source} has fields the interface does not know, sent as they are: ${prepared.unknownFields.join(', ')}`);
  if (context.globals.verbose) for (const line of prepared.filled) context.say(`filled: ${line}`);
  return { body: prepared.body, idempotencyKey: randomUUID(), checked: prepared.checked };
}

/** The sale composed at the terminal and delivered from its summary; undefined when the person cancelled it. */
async function atTerminal(context: CommandContext, options: SaleSaveOptions): Promise<{ body: SaveCashSaleBody; idempotencyKey: string } | undefined> {
  const companyId = await companyOrPrompt(context, options.company);
  const [settings, api, { fetchReferenceData }, { walkPages }, { composeSaleInteractively }] = await Promise.all([
    context.settings(),
    context.client(),
    import('../../../client/reference-data.js'),
    import('../../../client/paging.js'),
    import('../../sale/interactive-sale.js'),
  ]);
  const [{ isUnreachable }, { outboxTarget }, offline] = await Promise.all([
    import('../../sale/deliver-sale.js'),
    import('../../sale/outbox-location.js'),
    import('../../sale/offline-catalog.js'),
  ]);
  const target = await outboxTarget(context);
  let refs;
  let unreachable: Error | undefined;
  try {
    refs = await fetchReferenceData({ transport: api.transport, token: settings.token }, companyId);
    if (!refs) context.say('this service has no reference lists: shop, cashbook and sales person are asked as ids');
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    unreachable = error;
  }
  // The local copy of the catalogue, and the units sold in sales kept offline (never offered twice).
  const local = await offline.readLocalCatalog(context, target, companyId).catch((error: Error) => {
    context.say(`could not read the local copy of the catalogue (${error.message})`);
    return { soldLocally: new Map() } as Awaited<ReturnType<typeof offline.readLocalCatalog>>;
  });
  if (unreachable) {
    const copy = local.copy;
    if (copy) {
      refs = copy.refs ?? undefined;
      const zone = copy.refs?.company.timeZone ?? settings.timeZone;
      const age = offline.ageText(copy.savedAt, context.now());
      context.say(
        `service unreachable (${unreachable.message});\ncomposing from the local copy of the catalogue and stock of ${offline.wallClock(copy.savedAt, zone)} (${age} old); ` +
          'the sale will be kept in the offline outbox and sent by `shopprop sale sync`',
      );
      if (context.now() - copy.savedAt > 24 * 3_600_000) context.say(`the copy is ${age} old: prices and stock may have changed since`);
    } else {
      context.say(
        `service unreachable (${unreachable.message}); no local copy of the catalogue yet (one is kept from every online \`sale save\`), ` +
          'so items are entered by product id, price and tax; the sale will be kept in the offline outbox',
      );
    }
  }
  // Loaded while the person types the customer's name; online, the copy is refreshed from them.
  const units = (async () => {
    if (unreachable) {
      if (!local.copy) throw new Error('the service cannot be reached and there is no local copy of the stock');
      return offline.unitsToOffer(local.copy.units, local.soldLocally);
    }
    const all: StockUnit[] = [];
    for await (const unit of walkPages((start, limit, after) => api.listReceiptSpecs({ companyId, start, limit, after }), {
      pageSize: 1000,
      style: settings.pagingStyle,
    })) {
      if (typeof unit.id === 'number') all.push(unit as StockUnit);
    }
    // The local store is never out of reach: a copy is kept only of a service over the network.
    if (!(await context.embedded())) {
      await offline.saveCatalogCopy(context, { target, companyId, savedAt: context.now(), refs: refs ?? null, units: all }).catch((error: Error) => {
        context.say(`could not keep a local copy of the catalogue for offline sales (${error.message})`);
      });
    }
    return offline.unitsToOffer(all, local.soldLocally);
  })();
  units.catch(() => undefined);
  const composed = await composeSaleInteractively({
    prompter: prompter(),
    say: (message) => context.say(message),
    companyId,
    defaults: {
      retailShopId: options.shop ?? settings.retailShopId,
      cashbookId: options.cashbook ?? settings.cashbookId,
      userId: options.user ?? settings.userId,
    },
    refs,
    units: () => units,
    soldHere: offline.unitsSoldHere(local),
    newKey: randomUUID,
    lookUpUnit:
      refs && !unreachable
        ? async (identifier) =>
            (await import('../../../client/unit-lookup.js')).lookUpUnit({ transport: api.transport, token: settings.token }, companyId, identifier)
        : undefined,
    submit: async (sale) => {
      const [{ checkSale }, { isRefusalOfTheSale, refusalReasons }, { ApiError }] = await Promise.all([
        import('../../../domain/sale-check.js'),
        import('../../sale/refusal.js'),
        import('../../../client/errors.js'),
      ]);
      try {
        await deliver(context, options, sale.body, sale.idempotencyKey, checkSale(sale.body));
        return { done: true };
      } catch (error) {
        if (!isRefusalOfTheSale(error)) throw error;
        const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : (error as Error).message;
        return { done: false, reasons: refusalReasons(message) };
      }
    },
  });
  return composed;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
