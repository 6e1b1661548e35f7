/** `shopprop local ...`: administration of the local store (tokens, users, demo, import, statements). */
import type { Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { commandGroup } from '../../command-group.js';
import { choiceOption, idOption, month, year } from '../../options.js';
import { withWholeListPaging } from '../../whole-list-page.js';
import { completeWith } from '../../completion/completion-values.js';
import { LANDLORD_PAYMENT_TYPES, ROLES } from '../../../contract/enums.js';
import { demoCommand } from '../server/register.js';
import { type LocalListKind } from '../../../store/directory-store.js';

/** What `local list` lists: the ids that flags and prompts ask for. */
export const LOCAL_LIST_KINDS = [
  'zones',
  'officers',
  'properties',
  'landlords',
  'shops',
  'cashbooks',
  'users',
  'tokens',
] as const satisfies readonly LocalListKind[];

export const IMPORT_KINDS = ['products', 'specs', 'landlords', 'properties', 'units', 'tenants', 'tenancies', 'charges', 'receipts', 'expenses'] as const;

export function localCommands(): Command {
  return withExamples(
    commandGroup('local', 'administer the local store: tokens, demo data, imports, statements', defineLocalCommands),
    'shopprop local company create --name "Acme Phones" --shops "Town,Mall" --use',
    'shopprop local import products docs/examples/products.csv',
    'shopprop local token create --company 1 --role accountant --name "Accounts"',
    'shopprop local token create --company 1 --role cashier --name "Till 2" --database postgres://shop@db.example.com/shop',
    'shopprop local list properties',
  );
}

function defineLocalCommands(local: Command): void {
  const token = withExamples(
    local.command('token').description('bearer tokens of the local server'),
    'shopprop local token create --company 1 --role cashier --name "Till 1"',
    'shopprop local token list',
    'shopprop local token revoke 3',
  );
  withExamples(
    token
      .command('create')
      .description('create a token for a user (printed once; only its hash is kept)')
      .addOption(choiceOption('--role <role>', 'what it may do', ROLES).makeOptionMandatory())
      .requiredOption('--name <name>', 'user the token belongs to'),
    'shopprop local token create --company 1 --role cashier --name "Till 1"',
  ).action(lazyAction('local/token-create'));
  withExamples(token.command('list').description('tokens of the local store (never the tokens themselves)'), 'shopprop local token list').action(
    lazyAction('local/token-list'),
  );
  withExamples(
    token.command('revoke <tokenId>').description('revoke a token; it stops working at once (on PostgreSQL, within 2 s on every instance)'),
    'shopprop local token revoke 3',
  ).action(lazyAction('local/token-revoke'));

  const user = withExamples(
    local.command('user').description('users who log in with a password (POST /api/auth/login, for browser and mobile apps)'),
    'shopprop local user create --company 1 --role accountant --name "Amina Otieno" --username amina',
    'shopprop local user passwd amina',
  );
  withExamples(
    user
      .command('create')
      .description('create a user with a login name and password (asked at the terminal, or --password-stdin); prints its id')
      .addOption(choiceOption('--role <role>', 'what the tokens it logs in for may do', ['CASHIER', 'ACCOUNTANT', 'ADMIN']).makeOptionMandatory())
      .requiredOption('--name <name>', 'name shown for the user')
      .requiredOption('--username <login>', 'login name, unique in the store (case does not matter)')
      .option('--email <address>', 'e-mail address the apps show')
      .option('--password-stdin', 'read the password from standard input instead of asking'),
    'shopprop local user create --company 1 --role accountant --name "Amina Otieno" --username amina',
    'shopprop local user create --company 1 --role cashier --name "Till 1" --username till1 --password-stdin < till1-password.txt',
  ).action(lazyAction('local/user-create'));
  withExamples(
    user
      .command('passwd <username>')
      .description('set a new password; the tokens the user got by logging in stop working')
      .option('--password-stdin', 'read the password from standard input instead of asking'),
    'shopprop local user passwd amina',
  ).action(lazyAction('local/user-passwd'));

  local.addCommand(demoCommand('demo'));

  const company = withExamples(
    local.command('company').description('companies of the local store'),
    'shopprop local company create --name "Acme Phones" --shops "Town,Mall" --use',
    'shopprop local company create --name "Acme Homes" --db homes.db --time-zone Africa/Kampala',
    'shopprop local company set --currency KES --tax-number P051234567X',
    'shopprop local company list',
  );
  withExamples(
    company
      .command('create')
      .description('create a company with its shops, cashbooks, payment channels and tax rates; prints its id')
      .requiredOption('--name <name>', 'company name')
      .option('--time-zone <zone>', 'IANA time zone of its months and days', 'Africa/Nairobi')
      .option('--vat <percent>', 'VAT on services in percent', '16')
      .option('--currency <code>', 'ISO 4217 code printed with every amount on statements and receipts', 'KES')
      .option('--tax-number <number>', 'tax registration number (e.g. KRA PIN) printed on statements and receipts')
      .option('--shops <names>', 'comma-separated shop names', 'Main shop')
      .option('--use', "make it the profile's company, shop, cashbook and user"),
    'shopprop local company create --name "Acme Phones" --shops "Town,Mall" --use',
    'shopprop local company create --name "Acme Homes" --currency KES --tax-number P051234567X',
    'shopprop local company create --name "Lakeside Traders" --currency UGX --time-zone Africa/Kampala',
  ).action(lazyAction('local/company-create'));
  withExamples(
    company
      .command('set')
      .description("change the company's currency or tax registration number (--company, default the profile's)")
      .option('--currency <code>', 'ISO 4217 code, three upper-case letters (KES, UGX, TZS, USD)')
      .option('--tax-number <number>', 'tax registration number (e.g. KRA PIN), printed as "PIN ..." on statements and receipts')
      .option('--no-tax-number', 'remove the tax registration number'),
    'shopprop local company set --tax-number P051234567X',
    'shopprop local company set --company 2 --currency UGX',
    'shopprop local company set --no-tax-number',
  ).action(lazyAction('local/company-set'));
  withExamples(
    company.command('list').description('the companies of the local store: currency, tax registration number (PIN), time zone, VAT'),
    'shopprop local company list',
    'shopprop local company list --format json',
  ).action(lazyAction('local/company-list'));

  const shop = withExamples(
    local.command('shop').description("the company's shops: each one's address and phone, printed on its receipts"),
    'shopprop local shop set 3 --address "Panari Centre, Mombasa Road, Nairobi" --phone "0722 555 010"',
    'shopprop local list shops',
  );
  withExamples(
    shop
      .command('set <shopId>')
      .description("change a shop's address or phone (--company, default the profile's); `local list shops` shows the ids")
      .option('--address <text>', 'one line, as receipts print it under the shop name')
      .option('--no-address', "remove it: the shop's receipts print the company's")
      .option('--phone <number>', "as people type it (0712 345 678, +254 712 345678, another country's with +); kept in one form")
      .option('--no-phone', "remove it: the shop's receipts print the company's"),
    'shopprop local shop set 3 --address "Panari Centre, Mombasa Road, Nairobi"',
    'shopprop local shop set 3 --phone "0722 555 010"',
    'shopprop local shop set 2 --company 2 --no-phone',
  ).action(lazyAction('local/shop-set'));

  const list = withExamples(
    withWholeListPaging(
      local
        .command('list <kind>')
        .description(`ids and names of the local store's ${LOCAL_LIST_KINDS.join(', ')}: of --company (or the profile's), or of every company`)
        .option('--all-companies', "every company's, whatever the profile's company"),
      'row',
    ),
    'shopprop local list properties',
    'shopprop local list landlords --format csv -o landlords.csv',
    'shopprop local list zones --all-companies',
    'shopprop local list officers --company 2 --fields id,name,phone',
  );
  completeWith(list.registeredArguments[0]!, LOCAL_LIST_KINDS);
  list.action(lazyAction('local/list'));

  // `mpesa` reads a paybill statement (its own module); every other kind a CSV file of the store's columns.
  const importFile = lazyAction('local/import');
  const importMpesa = lazyAction('local/import-mpesa');
  withExamples(
    local
      .command('import <kind> <file>')
      .description(
        `import a CSV file (header row) into the local store, all or nothing; kinds: ${IMPORT_KINDS.join(', ')}, and mpesa (a paybill statement as the M-Pesa portal exports it, or the file of payments it set aside)`,
      )
      .option(
        '--encoding <name>',
        "the file's text encoding: utf-8 (default; a BOM is fine), windows-1252, iso-8859-1, ...; a file that starts with a byte order mark is read in the encoding the mark names",
        'utf-8',
      )
      .option('--unmatched <file>', 'mpesa: where the payments that match no tenancy go (default: STATEMENT.unmatched.csv beside the statement)')
      .option('--dry-run', 'mpesa: show what would be booked per property and set aside; write nothing'),
    'shopprop local import products products.csv',
    'shopprop local import landlords landlords.csv --encoding windows-1252',
    'shopprop local import receipts receipts-2026-10.csv',
    'shopprop local import mpesa paybill-2026-10.csv --dry-run',
    'shopprop local import mpesa paybill-2026-10.csv',
  ).action((...params: unknown[]) => (params[0] === 'mpesa' ? importMpesa(...params) : importFile(...params)));

  const mpesa = withExamples(
    local
      .command('mpesa')
      .description('the M-Pesa paybill: the URLs Daraja posts payments to, the short codes and account format taken, payments kept unmatched'),
    'shopprop local mpesa set --short-code 600123 --account-format "{property}-{unit}"',
    'shopprop local mpesa url --public-url https://pay.example.com',
    'shopprop local mpesa unmatched -o unmatched.csv',
  );
  withExamples(
    mpesa
      .command('set')
      .description("take payments of a paybill short code, and say how tenants type a unit's reference; makes the URL secret the first time")
      .option('--short-code <code...>', 'paybill number(s) to take payments for')
      .option('--remove-short-code <code...>', 'paybill number(s) to stop taking')
      .option(
        '--account-format <format>',
        "a unit's reference: {property} (its code) and {unit} (its number), e.g. {property}{unit} (the default) or {property}-{unit}; compared without case, spaces or dashes",
      )
      .option('--rotate-secret', 'a new secret for the URLs (register them with Daraja again)'),
    'shopprop local mpesa set --short-code 600123',
    'shopprop local mpesa set --account-format "{property}/{unit}"',
  ).action(lazyAction('local/mpesa-set'));
  withExamples(
    mpesa
      .command('url')
      .description("the confirmation and validation URLs to register with Daraja (they carry the company's secret: keep them private)")
      .option('--public-url <url>', 'origin `serve` is reached at from the internet (else config key publicUrl, else http://127.0.0.1:8080)'),
    'shopprop local mpesa url --public-url https://pay.example.com',
  ).action(lazyAction('local/mpesa-url'));
  withExamples(
    mpesa
      .command('unmatched')
      .description('live payments that matched no tenancy and are not booked yet, as the file `local import mpesa` takes back once tenant_account is filled'),
    'shopprop local mpesa unmatched',
    'shopprop local mpesa unmatched -o unmatched.csv',
  ).action(lazyAction('local/mpesa-unmatched'));

  const statement = withExamples(
    local.command('statement').description('landlord statement workflow: prepare, approve, mark paid'),
    'shopprop local statement prepare --property 1 --month 10 --year 2026 --final',
    'shopprop local statement approve 7',
    'shopprop local statement mark-paid 7',
  );
  withExamples(
    statement
      .command('prepare')
      .description('freeze the pay advice of a property and month as a statement (INTERIM, or --final)')
      .addOption(idOption('--property <id>', 'property id').makeOptionMandatory())
      .requiredOption('--month <m>', 'month 1..12', month)
      .requiredOption('--year <y>', 'year', year)
      .addOption(choiceOption('--type <type>', 'landlord payment type (default COMBINED)', LANDLORD_PAYMENT_TYPES))
      .addOption(idOption('--service <id>', 'service id: with SERVICE_CHARGE_ONLY, that service alone (default: every service charge)'))
      .option('--final', 'a FINAL statement: immutable, one per property and month'),
    'shopprop local statement prepare --property 1 --month 10 --year 2026 --final',
  ).action(lazyAction('local/statement-prepare'));
  withExamples(statement.command('approve <statementId>').description('approve a statement for payment'), 'shopprop local statement approve 7').action(
    lazyAction('local/statement-approve'),
  );
  withExamples(
    statement.command('mark-paid <statementId>').description('mark an approved statement as paid to the landlord'),
    'shopprop local statement mark-paid 7',
  ).action(lazyAction('local/statement-mark-paid'));

  withExamples(
    local
      .command('migrate')
      .description("bring a store's schema up to date: --database postgres://... (PostgreSQL; a SQLite file is taken too), else the profile's store"),
    'shopprop local migrate --database postgres://shop@db.example.com/shop',
  ).action(lazyAction('local/migrate'));
  withExamples(
    local
      .command('copy')
      .description('copy every row of a SQLite store into an empty PostgreSQL database, all or nothing, and check both hold the same')
      .option('--from <file>', "the SQLite store (default: the profile's store)")
      .requiredOption('--to <url>', 'postgres://user@host/db of an empty database'),
    'shopprop local copy --from shop.db --to postgres://shop@db.example.com/shop',
  ).action(lazyAction('local/copy'));
}
