/** `shopprop receipt ...`: units in stock for receipts, and printed receipts. */
import { Option, type Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { commandGroup } from '../../command-group.js';
import { nonNegativeInteger, pageSize } from '../../options.js';

export function receiptCommands(): Command {
  return withExamples(
    commandGroup('receipt', 'receipts: serialised units in stock, printed receipts', defineReceiptCommands),
    'shopprop receipt print 120 --width 32',
    'shopprop receipt print R000120 -o receipt-120.pdf',
    'shopprop receipt specs --all --fields id,itemName,imei1',
  );
}

function defineReceiptCommands(receipt: Command): void {
  withExamples(
    receipt
      .command('specs')
      .description('list serialised units in stock (serial, IMEI, price) for receipts')
      .option('--start <n>', 'zero-based offset', nonNegativeInteger)
      .option('--limit <n>', 'units per page, 1..1000 (default 50)', pageSize)
      .option('--all', 'every page, streamed'),
    'shopprop receipt specs',
    'shopprop receipt specs --all --fields id,itemName,imei1,salePrice --format csv',
  ).action(lazyAction('receipt/specs'));

  withExamples(
    receipt
      .command('print <sale>')
      .description("print a sale's receipt for a 58 mm or 80 mm printer, or as a PDF")
      .addOption(new Option('--width <chars>', 'characters per line: 32 (58 mm) or 48 (80 mm)').choices(['32', '48']).default('48'))
      .option('--pdf <file>', 'write the receipt as a PDF instead'),
    'shopprop receipt print 120',
    'shopprop receipt print R000120',
    'shopprop receipt print 120 --width 32 > /dev/usb/lp0',
    'shopprop receipt print 120 --pdf receipt-120.pdf',
  ).action(lazyAction('receipt/print'));
}
