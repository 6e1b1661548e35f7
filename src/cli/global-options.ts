/** Options every command takes; they may stand before or after the command name. */
import { Option, type Command } from 'commander';
import { idOption } from './options.js';

export interface GlobalOptions {
  profile?: string;
  /** The company a command works on (default: the profile's companyId). */
  company?: number;
  baseUrl?: string;
  token?: string;
  local?: boolean;
  db?: string;
  /** A PostgreSQL store's URL: embedded mode, `local` commands and `serve` use it instead of the db file. */
  database?: string;
  format?: string;
  fields?: string;
  output?: string;
  /** Replace an existing file named for output without asking. */
  force?: boolean;
  raw?: boolean;
  bom?: boolean;
  /** Tables at full width, every default column, past the terminal's edge if need be. */
  wide?: boolean;
  input: boolean;
  color: boolean;
  verbose?: boolean;
  /** Seconds one request may take in all, retries included (string as given; checked when a client is made). */
  timeout?: string;
}

export function addGlobalOptions(program: Command): Command {
  return program
    .option('-p, --profile <name>', 'config profile to use (env SHOPPROP_PROFILE)')
    .addOption(idOption('-c, --company <id>', "company id (default: the profile's companyId; env SHOPPROP_COMPANY)"))
    .option('--base-url <url>', 'service base URL; without one, commands run on the local store (env SHOPPROP_BASE_URL)')
    .option('--token <token>', 'bearer token for the service (env SHOPPROP_TOKEN)')
    .option('--local', 'use the local store in-process even when a base URL is configured')
    .option('--db <file>', 'local store file (env SHOPPROP_DB; default in the user data directory)')
    .option(
      '--database <url>',
      'a PostgreSQL store instead of the file, postgres://user@host/db; pool size and statement timeout (ms) as URL parameters pool_max (default 10) and statement_timeout (default 15000) (env SHOPPROP_DATABASE_URL)',
    )
    .addOption(
      new Option('-f, --format <format>', 'output format; default table on a terminal, json when piped').choices(['table', 'json', 'ndjson', 'csv', 'xlsx']),
    )
    .option('--fields <list>', 'comma-separated fields to show, in order (e.g. id,issueDate,totalAmount)')
    .option(
      '-o, --output <file>',
      'write data to FILE, in the format its extension names (.csv .xlsx .json .ndjson .txt; receipt print and statement-pdf also .pdf); an extension a command cannot write is refused',
    )
    .option('--force', 'replace an existing file named by -o (or --download, receipt print --pdf); without it a terminal asks and a script is refused (exit 2)')
    .option('--raw', 'keep dates as epoch milliseconds in json/csv, and CSV text exactly as sent (no apostrophe before =, +, -, @)')
    .option('--bom', 'start CSV with a byte-order mark, for spreadsheet apps')
    .option('--wide', 'tables at full width: no column left out or cut to fit the terminal')
    .option('--no-input', 'never prompt; a missing value is an error naming its flag')
    .option('--no-color', 'no colour (also NO_COLOR=1)')
    .option(
      '--timeout <seconds>',
      'longest a request to the service may take, start to last byte, its retries and the waits between them included; default 60 (env SHOPPROP_TIMEOUT)',
    )
    .option('-v, --verbose', 'trace HTTP requests on stderr, token redacted (also SHOPPROP_DEBUG=api)');
}
