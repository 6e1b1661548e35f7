/** `shopprop sale list`: by company (paged), or every sale of one shop or one sales person. */
import type { CashSaleListQuery } from '../../../contract/cash-sale.js';
import type { GlobalOptions } from '../../global-options.js';
import { emitCollection } from '../../emit-collection.js';
import { emitList } from '../../emit-list.js';
import { cashSaleColumns } from '../../output/columns/cash-sale.js';
import { requireCompany } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

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
    const client = async () => context.client();
    const single = singleFilter(options);
    if (single) {
      // The interface's shop and sales-person shapes carry no paging: the answer is every sale.
      const page = await (await client()).listCashSales(single);
      await emitList(context, { records: page.list, columns: cashSaleColumns, totals: true, count: () => page.count });
      return;
    }
    const companyId = await requireCompany(context, options.company);
    const api = await client();
    await emitCollection(context, {
      fetchPage: (start, limit) => api.listCashSales({ companyId, start, limit }),
      columns: cashSaleColumns,
      all: options.all,
      start: options.start,
      limit: options.limit,
      totals: true,
    });
  });
}

/** `--shop N` or `--sales-person N`, which the interface accepts only alone. */
function singleFilter(options: SaleListOptions): CashSaleListQuery | undefined {
  if (options.shop === undefined && options.salesPerson === undefined) return undefined;
  const named = options.shop !== undefined ? '--shop' : '--sales-person';
  const conflicts = [
    options.shop !== undefined && options.salesPerson !== undefined ? '--sales-person' : '',
    options.company !== undefined ? '--company' : '',
    options.start !== undefined || options.limit !== undefined ? '--start/--limit' : '',
  ].filter(Boolean);
  if (conflicts.length) {
    throw new CliUsageError(
      `${named} lists every sale of it and cannot be combined with ${conflicts.join(' or ')}` +
        ' (the service accepts: companyId; retailShopId; salesPersonId; companyId + start + limit)',
    );
  }
  return options.shop !== undefined ? { retailShopId: options.shop } : { salesPersonId: options.salesPerson };
}
