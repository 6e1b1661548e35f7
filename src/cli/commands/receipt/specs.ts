/** `shopprop receipt specs`: serialised units in stock, for receipts. */
import type { GlobalOptions } from '../../global-options.js';
import { emitCollection } from '../../emit-collection.js';
import { itemSpecColumns } from '../../output/columns/item-spec.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface ReceiptSpecsOptions {
  company?: number;
  start?: number;
  limit?: number;
  all?: boolean;
}

export async function run(options: ReceiptSpecsOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const api = await context.client();
    await emitCollection(context, {
      fetchPage: (start, limit, after) => api.listReceiptSpecs({ companyId, start, limit, after }),
      columns: itemSpecColumns,
      all: options.all,
      start: options.start,
      limit: options.limit,
    });
  });
}
