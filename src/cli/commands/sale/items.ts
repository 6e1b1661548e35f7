/** `shopprop sale items`: sale lines, filtered by shop, sales person, product or category. */
import type { GlobalOptions } from '../../global-options.js';
import { emitCollection } from '../../emit-collection.js';
import { saleItemColumns } from '../../output/columns/sale-item.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface SaleItemsOptions {
  company?: number;
  shop?: number;
  salesPerson?: number;
  item?: number;
  category?: number;
  start?: number;
  limit?: number;
  all?: boolean;
}

export async function run(options: SaleItemsOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const api = await context.client();
    const filters = {
      companyId,
      retailShopId: options.shop,
      salesPersonId: options.salesPerson,
      itemId: options.item,
      itemCategoryId: options.category,
    };
    await emitCollection(context, {
      fetchPage: (start, limit, after) => api.listSaleItems({ ...filters, start, limit, after }),
      columns: saleItemColumns,
      all: options.all,
      start: options.start,
      limit: options.limit,
      totals: true,
    });
  });
}
