/**
 * `shopprop receipt print <sale>`: the receipt of a sale named by its id (120) or its receipt
 * number (R000120), as text for a 58 mm (`--width 32`) or 80 mm (`--width 48`) printer on
 * stdout (or -o FILE.txt), as JSON (-o FILE.json), or as a receipt-sized PDF (`--pdf FILE` or
 * -o FILE.pdf).
 */
import { extname } from 'node:path';
import type { GlobalOptions } from '../../global-options.js';
import { checkOutputFile, withOutput, writeWholeFile } from '../../output-target.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';

export interface ReceiptPrintOptions {
  company?: number;
  width?: string;
  pdf?: string;
}

/** What a receipt can be written as, by -o FILE's extension or --format. */
type ReceiptForm = 'text' | 'json' | 'ndjson' | 'pdf';

const FORM_BY_EXTENSION: Readonly<Record<string, ReceiptForm>> = { '.txt': 'text', '.json': 'json', '.ndjson': 'ndjson', '.pdf': 'pdf' };

/**
 * The receipt's form, decided before anything is fetched: `--pdf FILE`; else `-o FILE` by its
 * extension (a name the receipt cannot be written as is refused, never written as text);
 * else `--format` (json, ndjson, or table for the printer's text); else text.
 */
function receiptForm(options: ReceiptPrintOptions & GlobalOptions): { form: ReceiptForm; file?: string } {
  if (options.pdf !== undefined) {
    if (options.output !== undefined && options.output !== '-') throw new CliUsageError('--pdf FILE and -o FILE both name the output: give one');
    return { form: 'pdf', file: options.pdf };
  }
  const file = options.output === undefined || options.output === '-' ? undefined : options.output;
  if (options.format === 'csv' || options.format === 'xlsx') {
    throw new CliUsageError(`a receipt has no ${options.format} form: use --format table (text), json or ndjson, or -o FILE.pdf`);
  }
  const byFormat: ReceiptForm | undefined =
    options.format === 'json' || options.format === 'ndjson' ? options.format : options.format === 'table' ? 'text' : undefined;
  if (file === undefined) return { form: byFormat ?? 'text' };
  const extension = extname(file).toLowerCase();
  const byExtension = FORM_BY_EXTENSION[extension];
  if (byExtension === undefined) {
    const what = extension === '' ? 'has no extension' : `has extension "${extension}"`;
    throw new CliUsageError(`cannot write a receipt to "${file}": it ${what}; use ${Object.keys(FORM_BY_EXTENSION).join(', ')}`);
  }
  if (byFormat !== undefined && byFormat !== byExtension) {
    throw new CliUsageError(`--format ${options.format} and -o "${file}" disagree: the extension ${extension} means ${byExtension}`);
  }
  return { form: byExtension, file };
}

export async function run(options: ReceiptPrintOptions & GlobalOptions, args: string[]): Promise<void> {
  const { parseSaleKey } = await import('../../sale/find-sale.js');
  const key = parseSaleKey(args[0] ?? '');
  if (!key) throw new CliUsageError(`sale "${args[0] ?? ''}": expected a sale id (e.g. 120) or a receipt number (e.g. R000120)`);
  const named = 'id' in key ? `sale ${key.id}` : `receipt ${key.receiptNo}`;
  const width = options.width === '32' ? 32 : 48;
  const { form, file } = receiptForm(options);
  await runCommand(options, async (context) => {
    await checkOutputFile(context, file);
    const companyId = await companyOrPrompt(context, options.company);
    const [api, settings, { findSale, findSaleLines }] = await Promise.all([context.client(), context.settings(), import('../../sale/find-sale.js')]);
    const walk = { style: settings.pagingStyle };
    const sale = await findSale(api, companyId, key, walk);
    if (!sale) {
      context.say(`shopprop: no ${named} in company ${companyId}`);
      context.setExitCode(3);
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

    if (form === 'pdf') {
      const { receiptPdf } = await import('../../sale/receipt-pdf.js');
      const pdf = await receiptPdf(lines, width, { title: `Receipt ${receipt.receiptNo}`, bold: (line) => /^(RECEIPT|TOTAL)\b/.test(line) });
      await writeWholeFile(context, file!, pdf);
      context.say(`wrote receipt ${receipt.receiptNo} (${pdf.length.toLocaleString('en-US')} bytes) to ${file}`);
      return;
    }
    const text =
      form === 'json' ? `${JSON.stringify(receipt, null, 2)}\n` : form === 'ndjson' ? `${JSON.stringify(receipt)}\n` : lines.map((l) => `${l}\n`).join('');
    await withOutput(context, async (target) => {
      target.stream.write(text);
    });
    if (file !== undefined) context.say(`wrote receipt ${receipt.receiptNo} to ${file}`);
  });
}
