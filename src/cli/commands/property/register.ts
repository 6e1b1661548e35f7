/** Property-management reports: paid and balance, pay advice, statements, statement PDFs. */
import type { Command } from 'commander';
import { Command as CommandClass } from 'commander';
import { LANDLORD_PAYMENT_TYPES, PAID_POSTED } from '../../../contract/enums.js';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { choiceOption, idOption, month, year } from '../../options.js';
import { withWholeListPaging } from '../../whole-list-page.js';

export function propertyCommands(): Command[] {
  const paidBalance = withExamples(
    withWholeListPaging(
      new CommandClass('paidbalance')
        .description('tenant paid and balance for a month, by zone, field officer or property')
        .addOption(idOption('--zone <id>', 'zone (region) id'))
        .addOption(idOption('--officer <id>', 'field officer id (alone, or with --zone)'))
        .addOption(idOption('--property <id>', 'property id'))
        .option('--month <m>', 'month 1..12 (default: this month)', month)
        .option('--year <y>', 'year (default: this year)', year),
      'row',
    ),
    'shopprop paidbalance --zone 1',
    'shopprop paidbalance --officer 2 --limit 10',
    'shopprop paidbalance --property 3 --month 9 --year 2026 --format csv -o sept.csv',
  ).action(lazyAction('property/paid-balance'));

  const payAdvice = withExamples(
    new CommandClass('payadvice')
      .description('landlord pay advice of a property for a month: income, fees, expenses, net due')
      .addOption(idOption('--property <id>', 'property id'))
      .addOption(choiceOption('--type <type>', 'landlord payment type (default COMBINED)', LANDLORD_PAYMENT_TYPES))
      .addOption(idOption('--service <id>', 'service (utility) id: with SERVICE_CHARGE_ONLY, that service alone (default: every service charge)'))
      .option('--month <m>', 'month 1..12 (default: this month)', month)
      .option('--year <y>', 'year (default: this year)', year),
    'shopprop payadvice --property 1',
    'shopprop payadvice --property 1 --type SERVICE_CHARGE_ONLY --service 1 --month 10',
  ).action(lazyAction('property/pay-advice'));

  const statements = withExamples(
    withWholeListPaging(
      new CommandClass('statements')
        .description('landlord property statements (prepared, approved, paid)')
        .addOption(idOption('--landlord <id>', 'landlord id'))
        .addOption(idOption('--zone <id>', 'only properties of this zone'))
        .addOption(choiceOption('--status <status>', 'paid/posted status (default ALL)', PAID_POSTED))
        .addOption(choiceOption('--type <type>', 'only FINAL statements, or only INTERIM drafts', ['FINAL', 'INTERIM']))
        .option('--month <m>', 'only statements of this month 1..12 (of --year, default this year)', month)
        .option('--year <y>', 'only statements of this year', year)
        .option('--pdf <dir>', "also download every listed statement's PDF into DIR, as <landlord code>/<property code>-YYYY-MM-<FINAL|INTERIM>.pdf"),
      'statement',
    ),
    'shopprop statements --landlord 1 --status ALL',
    'shopprop statements --landlord 1 --month 10 --year 2026',
    'shopprop statements --landlord 1 --status NO --pdf ./statements',
    'shopprop statements --landlord 1 --status NO --type FINAL',
    'shopprop statements --landlord 1 --zone 2 --start 10 --limit 10',
  ).action(lazyAction('property/statements'));

  const statementPdf = withExamples(
    new CommandClass('statement-pdf')
      .description("the link of a statement's PDF; with --download (or -o) save the PDF")
      .argument('<statementId>', 'statement id (see `shopprop statements`)')
      .option('--download <file>', 'save the PDF to FILE (same as -o FILE)')
      .option('--open', 'open the saved PDF with the system viewer'),
    'shopprop statement-pdf 12',
    'shopprop statement-pdf 12 --download statement-12.pdf --open',
  ).action(lazyAction('property/statement-pdf'));

  return [paidBalance, payAdvice, statements, statementPdf];
}
