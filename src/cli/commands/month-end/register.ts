/** `shopprop month-end`: a month's statements, reports, PDFs and workbook in one folder. */
import { Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { idOption, month, year } from '../../options.js';

export function monthEndCommand(): Command {
  return withExamples(
    new Command('month-end')
      .description(
        "close a month for a landlord, a zone, a property or the whole company: prepare each property's statement (local store or --database; " +
          'INTERIM unless --final, a month a FINAL closed is left as it is), or against a service collect those that exist; then write one folder ' +
          "(-o DIR, default month-end-YYYY-MM/): a workbook, CSVs, every statement's PDF under statements/<landlord code>/, summary.txt and manifest.json",
      )
      .addOption(idOption('--landlord <id>', "only this landlord's properties"))
      .addOption(idOption('--zone <id>', "only this zone's properties"))
      .addOption(idOption('--property <id>', 'only this property'))
      .option('--month <m>', 'month 1..12 (default: the month before the current one)', month)
      .option('--year <y>', "year (default: that month's year)", year)
      .option('--final', 'prepare FINAL statements (they close the month; default INTERIM drafts)')
      .option(
        '--send',
        "then e-mail each landlord their statements, PDFs attached (the landlord's e-mail, else the property's), through the profile's smtp.* settings; password from SHOPPROP_SMTP_PASSWORD or asked; a statement already sent is not sent again",
      )
      .option('--resend', 'with --send: send statements already sent too (required against a service, which keeps no record of sends)')
      .option('--yes', 'with --send: send without listing and asking first'),
    'shopprop month-end --landlord 1 --month 10 --year 2026',
    'shopprop month-end --zone 2 -o ~/month-ends/2026-10',
    'shopprop month-end --month 10 --final',
    'shopprop month-end --landlord 1 --month 10 --send --yes     # the mail password from SHOPPROP_SMTP_PASSWORD',
    'shopprop --base-url https://pm.example.com month-end --landlord 4',
  ).action(lazyAction('month-end/month-end'));
}
