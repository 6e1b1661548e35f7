/**
 * What `sale save` prints. Data on stdout: the receipt number and sale id (a line on a terminal,
 * a JSON object when piped or with --format json), or with --dry-run the lines and totals the
 * server would compute. Messages go to stderr.
 */
import { Chalk } from 'chalk';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { CheckedSale } from '../../domain/sale-check.js';
import { fromCents, roundToCents } from '../../domain/money.js';
import type { CommandContext } from '../context.js';
import { colourWanted } from '../emit-list.js';
import { columnSet } from '../output/columns/types.js';
import { csvOfObjects } from '../output/csv-text.js';
import { parseFieldsOption, selectFields } from '../output/fields.js';
import { resolveFormat } from '../output/format.js';
import { formatCents } from '../output/money-text.js';
import { projector, renderRecords } from '../output/render.js';
import { tableText } from '../output/table-text.js';
import { drawPairs } from '../output/table.js';
import { withOutput } from '../output-target.js';
import type { SaveOutcome } from './deliver-sale.js';
import { saleFigures, type SaleFigures } from './sale-draft.js';

export async function emitSaveOutcome(context: CommandContext, outcome: SaveOutcome): Promise<void> {
  if (outcome.status === 'queued') {
    context.say(
      `the sale was not saved now: ${outcome.reason}\nthe sale is kept in the offline outbox (#${outcome.outboxId}, ${outcome.outboxFile}); ` +
        'it will be sent, once, by `shopprop sale sync`',
    );
  }
  const record =
    outcome.status === 'saved'
      ? { status: 'saved', id: outcome.id ?? null, receiptNo: outcome.receiptNo ?? null, idempotencyKey: outcome.idempotencyKey }
      : { status: 'queued', outboxId: outcome.outboxId, idempotencyKey: outcome.idempotencyKey };
  await withOutput(context, async (target) => {
    const format = resolveFormat({ format: context.globals.format, output: context.globals.output, stdoutIsTTY: target.isTTY });
    if (format === 'xlsx') {
      // A one-row sheet: the sale is already saved, so the outcome is written, never refused.
      const columns = columnSet<Record<string, unknown>>(
        'sale saved',
        Object.keys(record).map((key) => ({ key, header: key, kind: key === 'id' || key === 'outboxId' ? 'integer' : 'text' })),
        [],
      );
      await renderRecords([record], target.stream, { format, columns, terminal: target.isTTY });
      return;
    }
    target.stream.write(
      recordText(record, format, (r) =>
        r.status === 'saved' ? `receipt ${r.receiptNo ?? '(none)'}  sale ${r.id ?? '(unknown)'}\n` : `queued in the outbox as #${r.outboxId}\n`,
      ),
    );
  });
}

/** What a dry run shows: each line's amounts and the sale's totals, as the server would compute them. */
export interface SalePreview extends SaleFigures {
  status: 'valid';
  lines: { item: string; qty: number; buyingPrice: number; discount: number; taxRate: number; taxIncExc: number; taxAmount: number; lineTotal: number }[];
}

export function salePreview(body: SaveCashSaleBody, checked: CheckedSale): SalePreview {
  return {
    status: 'valid',
    ...saleFigures(checked.totals, checked.amountPaidCents),
    lines: body.itemIssuesDto.map((line, i) => ({
      item: line.item,
      qty: line.qty,
      buyingPrice: line.buyingPrice,
      discount: line.discount,
      taxRate: line.taxRate,
      taxIncExc: line.taxIncExc,
      taxAmount: fromCents(checked.lines[i]!.amounts.taxCents),
      lineTotal: fromCents(checked.lines[i]!.amounts.lineTotalCents),
    })),
  };
}

const previewLineColumns = columnSet<SalePreview['lines'][number]>(
  'sale line',
  [
    { key: 'item', header: 'Item', kind: 'text' },
    { key: 'qty', header: 'Qty', kind: 'number' },
    { key: 'buyingPrice', header: 'Unit price', kind: 'money' },
    { key: 'discount', header: 'Discount', kind: 'money', total: true },
    { key: 'taxRate', header: 'Tax %', kind: 'number' },
    { key: 'taxIncExc', header: 'Incl.', kind: 'integer' },
    { key: 'taxAmount', header: 'Tax', kind: 'money', total: true },
    { key: 'lineTotal', header: 'Line total', kind: 'money', total: true },
  ],
  ['item', 'qty', 'buyingPrice', 'discount', 'taxAmount', 'lineTotal'],
);

export async function emitPreview(context: CommandContext, preview: SalePreview): Promise<void> {
  const settings = await context.settings();
  await withOutput(context, async (target) => {
    const format = resolveFormat({ format: context.globals.format, output: context.globals.output, stdoutIsTTY: target.isTTY });
    const fields = parseFieldsOption(context.globals.fields);
    if (format === 'json' || format === 'ndjson') {
      // --fields picks the lines' fields, as it picks the columns of the table and the CSV.
      const project = fields === undefined ? undefined : projector(selectFields(fields, previewLineColumns, format), true, false);
      const shown = project === undefined ? preview : { ...preview, lines: preview.lines.map((line) => project(line)) };
      target.stream.write(format === 'json' ? `${JSON.stringify(shown, null, 2)}\n` : `${JSON.stringify(shown)}\n`);
      return;
    }
    if (format === 'csv' || format === 'xlsx') {
      // One kind of row per CSV file or sheet: the lines, as a spreadsheet reconciles them,
      // through the one writer every list uses (money with two decimals, --fields, --bom).
      await renderRecords(preview.lines, target.stream, {
        format,
        columns: previewLineColumns,
        fields,
        bom: context.globals.bom,
        terminal: target.isTTY,
      });
      return;
    }
    const color = colourWanted(context, target.isTTY);
    const paint = new Chalk({ level: color ? 1 : 0 });
    const money = (amount: number) => formatCents(roundToCents(amount));
    const columns = selectFields(fields, previewLineColumns, 'table');
    target.stream.write(tableText(preview.lines, columns, { color, totals: true, timeZone: settings.timeZone }));
    target.stream.write(
      drawPairs(
        [
          ['Subtotal', money(preview.subTotal)],
          ['Discount', money(preview.totalDiscount)],
          ['Tax', money(preview.totalTax)],
          ['Total', money(preview.totalAmount)],
          ['Paid', money(preview.amountPaid)],
          ['Balance', money(preview.balance)],
        ],
        paint,
      ),
    );
  });
  context.say('dry run: the sale is valid; nothing was saved');
}

/** One flat record as json, ndjson, csv, or a line of text for a terminal. */
function recordText<R extends Record<string, unknown>>(record: R, format: string, table: (record: R) => string): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(record, null, 2)}\n`;
    case 'ndjson':
      return `${JSON.stringify(record)}\n`;
    case 'csv':
      return csvOfObjects([record]);
    default:
      return table(record);
  }
}
