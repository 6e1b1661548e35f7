/**
 * `shopprop sale reconcile mpesa TILL-STATEMENT.csv --from D --to D`: the till's statement (the
 * M-Pesa portal's CSV export) against the sales of the period, read through the client, so it
 * works on the local store and against any server of the interface. The findings are listed
 * (`--totals`: the totals per shop and cashier instead; a table on a terminal shows both).
 *
 * The period's days are East Africa Time, as the statement's times are. A sale's M-Pesa codes
 * come from its payments (the local server's sale payments); a server that does not give them
 * has only the sale's own record: a sale with paymentMethod MPESA is then taken as one payment
 * of its amountPaid under its refNo.
 */
import { readFile } from 'node:fs/promises';
import { walkPageLists } from '../../../client/paging.js';
import type { Loose } from '../../../client/validate.js';
import { isCashSaleRecord, type CashSaleRecord } from '../../../contract/cash-sale.js';
import { fromCents, toCents } from '../../../domain/money.js';
import { countOf } from '../../../domain/plural.js';
import type { CommandContext } from '../../context.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { decodeImportFile } from '../../import-text.js';
import { findingColumns, shopCashierColumns } from '../../output/columns/mpesa-reconcile.js';
import { formatCents } from '../../output/money-text.js';
import { resolveFormat } from '../../output/format.js';
import { reconcileMpesa, type Period, type SaleMpesaPayment } from '../../reconcile/mpesa-reconcile.js';
import { eatDayStart, eatText } from '../../reconcile/eat-time.js';
import { readTillStatement, TillStatementError } from '../../reconcile/till-statement.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

export interface ReconcileMpesaOptions {
  company?: number;
  from?: string;
  to?: string;
  totals?: boolean;
  encoding?: string;
}

const DAY_MS = 86_400_000;
const PAGE = 500;

export async function run(options: ReconcileMpesaOptions & GlobalOptions, args: string[]): Promise<void> {
  const file = args[0]!;
  const period = periodOf(options);
  await runCommand(options, async (context) => {
    const statement = await readStatement(file, options.encoding);
    const companyId = await companyOrPrompt(context, options.company);
    // A day more on each side: a sale just after midnight may carry a payment of the day before.
    const sales = await salesOf(context, companyId, { from: period.from - DAY_MS, to: period.to + DAY_MS });
    const payments = await mpesaPaymentsOf(context, companyId, sales);
    const result = reconcileMpesa(statement, payments, period);

    const findings = result.findings.map((f) => ({
      finding: f.finding,
      code: f.code,
      time: f.time,
      when: eatText(f.time),
      statementAmount: cents(f.statementCents),
      saleAmount: cents(f.saleCents),
      receiptNo: f.receiptNo,
      saleId: f.saleId,
      shop: f.shop,
      cashier: f.cashier,
      note: f.note,
    }));
    const totals = result.totals.map((t) => ({
      shop: t.shop,
      cashier: t.cashier,
      salePayments: t.salePayments,
      saleAmount: fromCents(t.saleCents),
      matchedAmount: fromCents(t.matchedCents),
      notOnStatement: t.notOnStatement,
      notOnStatementAmount: fromCents(t.notOnStatementCents),
    }));
    const heading = `M-Pesa till · company ${companyId} · ${options.from} to ${options.to} (East Africa Time)`;
    const table =
      resolveFormat({ format: context.globals.format, output: context.globals.output, stdoutIsTTY: context.terminal.stdoutIsTTY }) === 'table' &&
      !context.globals.output;
    // The findings' totals are theirs alone, never the statement's or the sales'.
    if (!options.totals)
      await emitList(context, { records: findings, columns: findingColumns, totals: true, totalLabel: 'Findings total', heading: [heading, 'Findings'] });
    if (options.totals || table)
      await emitList(context, {
        records: totals,
        columns: shopCashierColumns,
        totals: true,
        heading: [...(options.totals ? [heading] : []), 'M-Pesa sales per shop and cashier'],
      });
    const notOnStatement = result.totals.reduce((sum, t) => ({ n: sum.n + t.notOnStatement, cents: sum.cents + t.notOnStatementCents }), { n: 0, cents: 0 });
    context.say(
      `${countOf(result.matched, 'sale payment')} found on the statement; ${countOf(notOnStatement.n, 'sale code')} not on it (${formatCents(notOnStatement.cents)}); ` +
        `${countOf(result.tillWithoutSale.count, 'till payment')} with no sale (${formatCents(result.tillWithoutSale.cents)})`,
    );
  });
}

const cents = (value: number | null) => (value === null ? null : fromCents(value));

function periodOf(options: ReconcileMpesaOptions): Period {
  if (options.from === undefined || options.to === undefined) throw new CliUsageError("missing --from and --to: the period's first and last day (YYYY-MM-DD)");
  const from = eatDayStart(options.from, '--from');
  const to = eatDayStart(options.to, '--to') + DAY_MS;
  if (to <= from) throw new CliUsageError(`--to ${options.to} is before --from ${options.from}`);
  return { from, to };
}

async function readStatement(file: string, encoding: string | undefined) {
  try {
    return readTillStatement(decodeImportFile(await readFile(file), encoding));
  } catch (error) {
    if (error instanceof TillStatementError) throw new CliUsageError(`${file}: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliUsageError(`${file}: no such file`);
    throw error;
  }
}

/** A sale as listed, with what a reconciliation needs of it present (a server may leave fields out). */
type ListedSale = Loose<CashSaleRecord> & { id: number; issueDate: number };

const isDatedSale = (record: object): record is ListedSale =>
  isCashSaleRecord(record) && typeof (record as ListedSale).id === 'number' && typeof (record as ListedSale).issueDate === 'number';

/** The company's sales of the period, newest first: the walk stops at the first page that reaches before it. */
async function salesOf(context: CommandContext, companyId: number, period: Period): Promise<ListedSale[]> {
  const api = await context.client();
  const found: ListedSale[] = [];
  const pages = walkPageLists((start, limit, after) => api.listCashSales({ companyId, start, limit, after }), {
    pageSize: PAGE,
    strict: true,
    counts: isCashSaleRecord,
  });
  for await (const page of pages) {
    const sales = page.filter(isDatedSale);
    found.push(...sales.filter((s) => s.issueDate >= period.from && s.issueDate < period.to));
    if (sales.length > 0 && sales.at(-1)!.issueDate < period.from) break;
  }
  return found;
}

/** Each M-Pesa payment of the sales, with its sale's shop and cashier by name where the server names them. */
async function mpesaPaymentsOf(context: CommandContext, companyId: number, sales: readonly ListedSale[]): Promise<SaleMpesaPayment[]> {
  const [api, settings, { fetchSalePayments }, { fetchReferenceData }] = await Promise.all([
    context.client(),
    context.settings(),
    import('../../../client/sale-payments.js'),
    import('../../../client/reference-data.js'),
  ]);
  const target = { transport: api.transport, token: settings.token };
  const refs = await fetchReferenceData(target, companyId);
  const shopName = new Map(refs?.shops.map((s) => [s.id, s.name]) ?? []);
  const userName = new Map(refs?.users.map((u) => [u.id, u.name]) ?? []);
  const payments = await fetchSalePayments(target, companyId, sales.length > 0 ? sales.map((s) => s.id) : [0]);
  return sales.flatMap((sale) => {
    const side = {
      saleId: sale.id,
      receiptNo: sale.receiptNo ?? null,
      issueDate: sale.issueDate,
      shop: typeof sale.retailShopId === 'number' ? (shopName.get(sale.retailShopId) ?? `shop ${sale.retailShopId}`) : '',
      cashier: typeof sale.userId === 'number' ? (userName.get(sale.userId) ?? `user ${sale.userId}`) : '',
    };
    if (!payments) return sale.paymentMethod === 'MPESA' ? [{ ...side, code: (sale.refNo ?? '').trim(), amountCents: toCents(sale.amountPaid ?? 0) }] : [];
    return (payments.get(sale.id) ?? [])
      .filter((p) => p.method === 'MPESA')
      .map((p) => ({ ...side, code: (p.referenceNo ?? '').trim(), amountCents: toCents(p.amount) }));
  });
}
