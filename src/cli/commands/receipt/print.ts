/**
 * `shopprop receipt print <sale>`: the receipt of a sale named by its id (120) or its receipt
 * number (R000120), as text for a 58 mm (`--width 32`) or
 * 80 mm (`--width 48`) printer on stdout (or -o FILE), or as a receipt-sized PDF (`--pdf FILE`).
 */
import type { GlobalOptions } from '../../global-options.js';
import { CliUsageError } from '../../usage-error.js';
import { withOutput, writeWholeFile } from '../../output-target.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface ReceiptPrintOptions {
  company?: number;
  width?: string;
  pdf?: string;
}

export async function run(options: ReceiptPrintOptions & GlobalOptions, args: string[]): Promise<void> {
  const { parseSaleKey } = await import('../../sale/find-sale.js');
  const key = parseSaleKey(args[0] ?? '');
  if (!key) throw new CliUsageError(`sale "${args[0] ?? ''}": expected a sale id (e.g. 120) or a receipt number (e.g. R000120)`);
  const named = 'id' in key ? `sale ${key.id}` : `receipt ${key.receiptNo}`;
  const width = options.width === '32' ? 32 : 48;
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const [api, settings, { findSale, findSaleLines }] = await Promise.all([context.client(), context.settings(), import('../../sale/find-sale.js')]);
    const walk = { style: settings.pagingStyle };
    const sale = await findSale(api, companyId, key, walk);
    if (!sale) {
      context.say(`shopprop: no ${named} in company ${companyId}`);
      process.exitCode = 3;
      return;
    }
    const found = await findSaleLines(api, companyId, sale, walk);
    const [{ fetchReferenceData }, { buildReceipt }, { receiptLines }] = await Promise.all([
      import('../../../client/reference-data.js'),
      import('../../sale/receipt-model.js'),
      import('../../sale/receipt-text.js'),
    ]);
    const unitIds = found.lines.map((l) => l.invItemSpecsId).filter((id): id is number => typeof id === 'number');
    // Names and IMEIs make a better receipt but are not needed for a correct one.
    const refs = await fetchReferenceData({ transport: api.transport, token: settings.token }, companyId, { unitIds }).catch((error: Error) => {
      if (context.globals.verbose) context.say(`reference data unavailable: ${error.message}`);
      return undefined;
    });
    const { fetchSalePayments } = await import('../../../client/sale-payments.js');
    const payments = await fetchSalePayments({ transport: api.transport, token: settings.token }, companyId, [sale.id]).catch((error: Error) => {
      if (context.globals.verbose) context.say(`payments unavailable: ${error.message}`);
      return undefined;
    });
    const receipt = buildReceipt(sale, found, refs, settings.timeZone, payments?.get(sale.id));
    if (receipt.linesNote) context.say(`note: ${named}: ${receipt.linesNote.replace(/^\(|\)$/g, '')}`);
    const lines = receiptLines(receipt, width);

    if (options.pdf !== undefined) {
      const { receiptPdf } = await import('../../sale/receipt-pdf.js');
      const pdf = await receiptPdf(lines, width, { title: `Receipt ${receipt.receiptNo}`, bold: (line) => /^(RECEIPT|TOTAL)\b/.test(line) });
      await writeWholeFile(options.pdf, pdf);
      context.say(`wrote receipt ${receipt.receiptNo} (${pdf.length.toLocaleString('en-US')} bytes) to ${options.pdf}`);
      return;
    }
    await withOutput(context, async (target) => {
      target.stream.write(context.globals.format === 'json' ? `${JSON.stringify(receipt, null, 2)}\n` : lines.map((l) => `${l}\n`).join(''));
    });
  });
}
