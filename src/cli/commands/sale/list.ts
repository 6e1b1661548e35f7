/**
 * `shopprop sale list`: by company (paged), or every sale of one shop or one sales person. The
 * interface takes a shop or a sales person alone and without paging, so those lists are read
 * whole and narrowed and paged here: `--shop 2 --limit 3` works like any other list. From the
 * local server each sale carries its payments (channel, amount, reference, tendered, change).
 */
import type { PageOf } from '../../../client/paging.js';
import { cashSaleListKey, isCashSaleRecord, type CashSaleListQuery } from '../../../contract/cash-sale.js';
import { DEFAULT_PAGE_SIZE } from '../../../contract/common.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { emitCollection } from '../../emit-collection.js';
import { emitList } from '../../emit-list.js';
import { cashSaleColumns, cashSaleWithPaymentColumns } from '../../output/columns/cash-sale.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface SaleListOptions {
  company?: number;
  shop?: number;
  salesPerson?: number;
  start?: number;
  limit?: number;
  all?: boolean;
}

export async function run(options: SaleListOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const api = await context.client();
    const single = singleFilter(options);
    if (single) {
      const page = await api.listCashSales(single);
      // The whole list of the shop or person, narrowed by the other filters given.
      const matching = page.list.filter(
        (r) =>
          (options.company === undefined || r.companyId === options.company) &&
          (options.salesPerson === undefined || options.shop === undefined || r.userId === options.salesPerson),
      );
      const narrowed = matching.length !== page.list.length;
      const start = options.start ?? 0;
      const records = options.all ? matching.slice(start) : matching.slice(start, start + (options.limit ?? DEFAULT_PAGE_SIZE));
      const companyId = options.company ?? records[0]?.companyId ?? undefined;
      const withPayments = companyId === undefined ? undefined : await attachPayments(context, companyId, records);
      await emitList(context, {
        records: withPayments ?? records,
        columns: withPayments ? cashSaleWithPaymentColumns : cashSaleColumns,
        totals: true,
        heading: [saleListHeading(options)],
        count: () => Math.max(0, (narrowed ? matching.length : page.count) - start),
      });
      return;
    }
    const companyId = await companyOrPrompt(context, options.company);
    const paymentsGiven = (await attachPayments(context, companyId, [])) !== undefined;
    await emitCollection(context, {
      fetchPage: async (start, limit, after): Promise<PageOf<object>> => {
        const page = await api.listCashSales({ companyId, start, limit, after });
        return paymentsGiven ? { ...page, list: (await attachPayments(context, companyId, page.list)) ?? page.list } : page;
      },
      // Sale item records the list may mix in are passed on, but are not sales: a line and a
      // sale may share an id, and only sales count toward the list's count.
      identity: cashSaleListKey,
      counts: isCashSaleRecord,
      columns: paymentsGiven ? cashSaleWithPaymentColumns : cashSaleColumns,
      all: options.all,
      start: options.start,
      limit: options.limit,
      totals: true,
      heading: [saleListHeading({ ...options, company: companyId })],
    });
  });
}

/** "Cash sales · company 1 · shop 2 · newest first": what the table is of. */
function saleListHeading(options: SaleListOptions): string {
  const parts = ['Cash sales'];
  if (options.company !== undefined) parts.push(`company ${options.company}`);
  if (options.shop !== undefined) parts.push(`shop ${options.shop}`);
  if (options.salesPerson !== undefined) parts.push(`sales person ${options.salesPerson}`);
  parts.push('newest first');
  return parts.join(' · ');
}

/**
 * The records with a `payments` field each, from the local server; undefined from a server
 * that does not give payments. With no records, says whether the server gives them.
 */
async function attachPayments<R extends { id?: unknown }>(
  context: CommandContext,
  companyId: number,
  records: readonly R[],
): Promise<(R & { payments?: unknown })[] | undefined> {
  const [api, settings, { fetchSalePayments }] = await Promise.all([context.client(), context.settings(), import('../../../client/sale-payments.js')]);
  const ids = records.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  const payments = await fetchSalePayments({ transport: api.transport, token: settings.token }, companyId, ids.length > 0 ? ids : [0]);
  if (!payments) return undefined;
  // Each record is given its field in place: a page of records is ours, and copying every
  // record of a long export only made garbage.
  const given = records as (R & { payments?: unknown })[];
  for (const r of given) {
    if (typeof r.id === 'number' && payments.has(r.id)) r.payments = payments.get(r.id)!.map(({ saleId: _saleId, ...payment }) => payment);
  }
  return given;
}

/** `--shop N` or `--sales-person N`: the interface lists every sale of one of them, unpaged. */
function singleFilter(options: SaleListOptions): CashSaleListQuery | undefined {
  if (options.shop !== undefined) return { retailShopId: options.shop };
  if (options.salesPerson !== undefined) return { salesPersonId: options.salesPerson };
  return undefined;
}
