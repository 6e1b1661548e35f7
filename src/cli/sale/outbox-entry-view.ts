/**
 * One kept sale in full (`sale outbox show ID`): what it is, where it is to go, why it is still
 * there (the service's reasons when it refused it), its lines and payments. JSON carries the
 * exact request body that will be sent; csv has its lines, one kind of row per file.
 */
import { Chalk } from 'chalk';
import type { SaleLineInput } from '../../contract/cash-sale.js';
import { toCents } from '../../domain/money.js';
import type { CommandContext } from '../context.js';
import { colourWanted } from '../emit-list.js';
import { columnSet } from '../output/columns/types.js';
import { formatTableDate } from '../output/date-text.js';
import { parseFieldsOption, selectFields } from '../output/fields.js';
import { resolveFormat } from '../output/format.js';
import { formatCents } from '../output/money-text.js';
import { renderRecords } from '../output/render.js';
import { tableText } from '../output/table-text.js';
import { drawPairs } from '../output/table.js';
import { withOutput } from '../output-target.js';
import { outboxRecord } from './outbox-columns.js';
import type { OutboxEntry } from './outbox-store.js';
import { refusalReasons } from './refusal.js';

const lineColumns = columnSet<SaleLineInput>(
  'kept sale line',
  [
    { key: 'item', header: 'Item', kind: 'text' },
    { key: 'itemProductId', header: 'Product', kind: 'integer' },
    { key: 'invItemSpecsId', header: 'Unit', kind: 'integer' },
    { key: 'qty', header: 'Qty', kind: 'number' },
    { key: 'buyingPrice', header: 'Unit price', kind: 'money' },
    { key: 'unitCost', header: 'Unit cost', kind: 'money' },
    { key: 'discount', header: 'Discount', kind: 'money', total: true },
    { key: 'taxRate', header: 'Tax %', kind: 'number' },
    { key: 'taxAmount', header: 'Tax', kind: 'money', total: true },
    { key: 'lineTotal', header: 'Line total', kind: 'money', total: true },
  ],
  ['item', 'qty', 'buyingPrice', 'discount', 'taxAmount', 'lineTotal'],
);

/** The kept sale as JSON shows it: the list's fields, the reasons, and the body as it will be sent. */
export function outboxEntryDocument(entry: OutboxEntry) {
  const record = outboxRecord(entry);
  return {
    ...record,
    reasons: record.status === 'refused' && entry.lastError ? refusalReasons(entry.lastError) : [],
    sale: entry.body,
  };
}

export async function emitOutboxEntry(context: CommandContext, entry: OutboxEntry): Promise<void> {
  const settings = await context.settings();
  const document = outboxEntryDocument(entry);
  await withOutput(context, async (target) => {
    const format = resolveFormat({ format: context.globals.format, output: context.globals.output, stdoutIsTTY: target.isTTY });
    const fields = parseFieldsOption(context.globals.fields);
    if (format === 'json' || format === 'ndjson') {
      target.stream.write(format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : `${JSON.stringify(document)}\n`);
      return;
    }
    if (format === 'csv') {
      await renderRecords(entry.body.itemIssuesDto, target.stream, { format: 'csv', columns: lineColumns, fields, bom: context.globals.bom });
      return;
    }
    const color = colourWanted(context, target.isTTY);
    const paint = new Chalk({ level: color ? 1 : 0 });
    const money = (amount: number) => formatCents(toCents(amount));
    const date = (ms: number | null) => (ms === null ? '-' : formatTableDate(ms, settings.timeZone));
    const sale = entry.body;
    const out: string[] = [];
    out.push(
      `${paint.bold(`Kept sale #${entry.id}`)}: ${document.status === 'refused' ? 'refused by the service, kept until it is fixed or deleted' : 'waiting to be sent by `shopprop sale sync`'}\n`,
    );
    out.push(
      drawPairs(
        [
          ['Customer', `${sale.issuedTo}${sale.issuedToPhone ? ` (${sale.issuedToPhone})` : ''}`],
          ['Made', date(entry.createdAt)],
          ['Company / shop', `${sale.companyId} / ${sale.retailShopId}`],
          ['Cashbook / user', `${sale.cashbookId} / ${sale.userId}`],
          ['Reference', sale.refNo || '-'],
          ['For', entry.target],
          ['Tries', `${entry.attempts}, last ${date(entry.lastAttemptAt)}`],
          ['Idempotency key', entry.idempotencyKey],
        ],
        paint,
      ),
    );
    if (document.status === 'refused') {
      out.push('The service refused it:\n');
      for (const reason of document.reasons) out.push(`  - ${reason}\n`);
    } else if (entry.lastError) {
      out.push(`Not sent yet: ${entry.lastError}\n`);
    }
    out.push(tableText(sale.itemIssuesDto, selectFields(fields, lineColumns, 'table'), { color, totals: true, timeZone: settings.timeZone }));
    const pairs: [string, string][] = [
      ['Subtotal', money(sale.subTotal)],
      ['Discount', money(sale.totalDiscount ?? 0)],
      ['Tax', money(sale.totalTax)],
      ['Total', money(sale.totalAmount)],
      ['Paid', `${money(sale.amountPaid)} (${sale.paymentMethod})`],
    ];
    for (const [i, payment] of (sale.channelsDto ?? []).entries()) {
      const tendered = payment.tendered !== undefined && toCents(payment.tendered) > toCents(payment.amount) ? `, tendered ${money(payment.tendered)}` : '';
      pairs.push([
        `Payment ${i + 1}`,
        `${money(payment.amount)} on channel ${payment.channelId}${payment.referenceNo ? ` (${payment.referenceNo})` : ''}${tendered}`,
      ]);
    }
    out.push(drawPairs(pairs, paint));
    target.stream.write(out.join(''));
  });
}
