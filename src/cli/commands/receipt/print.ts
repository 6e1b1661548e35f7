/**
 * `shopprop receipt print <saleId>`: the sale's receipt as text for a 58 mm (`--width 32`) or
 * 80 mm (`--width 48`) printer on stdout (or -o FILE), or as a receipt-sized PDF (`--pdf FILE`).
 */
import type { GlobalOptions } from '../../global-options.js';
import { idArgument } from '../../options.js';
import { withOutput, writeWholeFile } from '../../output-target.js';
import { requireCompany } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface ReceiptPrintOptions {
  company?: number;
  width?: string;
  pdf?: string;
}

export async function run(options: ReceiptPrintOptions & GlobalOptions, args: string[]): Promise<void> {
  const saleId = idArgument('saleId', args[0]);
  const width = options.width === '32' ? 32 : 48;
  await runCommand(options, async (context) => {
    const companyId = await requireCompany(context, options.company);
    const [api, settings, { findSale, findSaleLines }] = await Promise.all([context.client(), context.settings(), import('../../sale/find-sale.js')]);
    const walk = { style: settings.pagingStyle };
    const sale = await findSale(api, companyId, saleId, walk);
    if (!sale) {
      context.say(`shopprop: no sale ${saleId} in company ${companyId}`);
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
    const receipt = buildReceipt(sale, found, refs, settings.timeZone);
    if (receipt.linesNote) context.say(`note: sale ${saleId}: ${receipt.linesNote.replace(/^\(|\)$/g, '')}`);
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
