/** `shopprop sale ...`: cash sales. */
import type { Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { commandGroup } from '../../command-group.js';
import { idOption, nonNegativeInteger, pageSize } from '../../options.js';

export function saleCommands(): Command {
  return withExamples(
    commandGroup('sale', 'cash sales: list, lines, save, offline outbox', defineSaleCommands),
    'shopprop sale list',
    'shopprop sale save --file sale.json --dry-run',
    'shopprop sale items --category 3 --format csv -o lines.csv',
  );
}

function defineSaleCommands(sale: Command): void {
  withExamples(
    sale
      .command('list')
      .description('list cash sales, newest first (by company, shop or sales person)')
      .addOption(idOption('--shop <id>', 'only this retail shop (every sale of it)'))
      .addOption(idOption('--sales-person <id>', 'only this sales person (every sale of theirs)'))
      .option('--start <n>', 'zero-based offset of the first sale', nonNegativeInteger)
      .option('--limit <n>', 'sales per page, 1..1000 (default 50)', pageSize)
      .option('--all', 'every page, streamed'),
    'shopprop sale list',
    'shopprop sale list --shop 2 --format csv -o shop2.csv',
    'shopprop sale list --all --format csv --output sales.csv',
  ).action(lazyAction('sale/list'));

  withExamples(
    sale
      .command('items')
      .description("list sale lines (items sold) with their sale's customer and date")
      .addOption(idOption('--shop <id>', 'only this retail shop'))
      .addOption(idOption('--sales-person <id>', 'only this sales person'))
      .addOption(idOption('--item <id>', 'only this product (itemId)'))
      .addOption(idOption('--category <id>', 'only this item category'))
      .option('--start <n>', 'zero-based offset of the first line', nonNegativeInteger)
      .option('--limit <n>', 'lines per page, 1..1000 (default 50)', pageSize)
      .option('--all', 'every page, streamed'),
    'shopprop sale items --category 3',
    'shopprop sale items --all --fields issueDate,itemName,qty,lineTotal --format csv',
  ).action(lazyAction('sale/items'));

  withExamples(
    sale
      .command('save')
      .description('record a cash sale: interactively, or from a JSON file or stdin')
      .option('--file <file>', "sale in the interface's request shape (JSON); - reads stdin")
      .option('--dry-run', 'check the sale and show its totals; save nothing')
      .addOption(idOption('--shop <id>', "retail shop (default: the profile's retailShopId)"))
      .addOption(idOption('--cashbook <id>', "cashbook (default: the profile's cashbookId)"))
      .addOption(idOption('--user <id>', "sales person / cashier (default: the profile's userId)")),
    'shopprop sale save',
    'shopprop sale save --file sale.json',
    'cat sale.json | shopprop sale save --file - --dry-run',
  ).action(lazyAction('sale/save'));

  const reconcile = withExamples(
    sale.command('reconcile').description("compare the sales with a payment provider's statement"),
    'shopprop sale reconcile mpesa till-october.csv --from 2026-10-01 --to 2026-10-31',
  );
  withExamples(
    reconcile
      .command('mpesa <statement>')
      .description("the till's M-Pesa statement (the portal's CSV) against the sales: payments with no sale, sale codes not on it, totals per shop and cashier")
      .option('--from <date>', 'first day of the period, YYYY-MM-DD (East Africa Time)')
      .option('--to <date>', 'last day of the period, YYYY-MM-DD (East Africa Time)')
      .option('--totals', 'the totals per shop and cashier instead of the findings (a table on a terminal shows both)')
      .option('--encoding <name>', "the statement's encoding (default utf-8)"),
    'shopprop sale reconcile mpesa till-october.csv --from 2026-10-01 --to 2026-10-31',
    'shopprop sale reconcile mpesa till.csv --from 2026-11-27 --to 2026-11-27 --format csv -o findings.csv',
    'shopprop sale reconcile mpesa till.csv --from 2026-11-01 --to 2026-11-30 --totals --format json',
  ).action(lazyAction('sale/reconcile-mpesa'));

  const outbox = withExamples(
    sale.command('outbox').description('sales kept offline: list them, show, delete or send one'),
    'shopprop sale outbox',
    'shopprop sale outbox show 3',
    'shopprop sale outbox delete 3 --yes',
    'shopprop sale outbox send 3 --to head-office',
  ).action(lazyAction('sale/outbox'));

  withExamples(
    outbox.command('show <id>').description('one kept sale in full: customer, lines, payments, and why it is still there'),
    'shopprop sale outbox show 3',
    'shopprop sale outbox show 3 --format json',
  ).action(lazyAction('sale/outbox-show'));

  withExamples(
    outbox
      .command('delete <id>')
      .description('delete a kept sale, which is then never sent (asks first; --yes in scripts)')
      .option('-y, --yes', 'delete without asking (needed when no one is at a terminal)'),
    'shopprop sale outbox delete 3',
    'shopprop sale outbox delete 3 --yes',
  ).action(lazyAction('sale/outbox-delete'));

  withExamples(
    outbox
      .command('send <id>')
      .description("send one kept sale now, to this profile's service or to another profile's")
      .option('--to <profile>', 'send it to the service of this config profile instead'),
    'shopprop sale outbox send 3',
    'shopprop sale outbox send 3 --to head-office',
  ).action(lazyAction('sale/outbox-send'));

  withExamples(sale.command('sync').description('send the offline outbox, oldest first, exactly once each'), 'shopprop sale sync').action(
    lazyAction('sale/sync'),
  );
}
