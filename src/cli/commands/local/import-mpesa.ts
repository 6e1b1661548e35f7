/**
 * `shopprop local import mpesa STATEMENT.csv`: a paybill statement as the M-Pesa portal exports
 * it (or the file of payments an earlier import set aside, its tenant_account filled) booked as
 * receipts, all or nothing, each payment once. Payments that match no tenancy, or more than one,
 * go to the --unmatched file (default beside the statement) with their candidates.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { countOf } from '../../../domain/plural.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { byPropertyLines, importSummaryLines } from '../../mpesa/import-summary.js';
import { readStatementFile } from '../../mpesa/read-statement.js';
import { checkOutputFile, writeWholeFile } from '../../output-target.js';
import { eatTime, unmatchedCsv } from '../../mpesa/unmatched-file.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export interface ImportMpesaOptions extends GlobalOptions {
  company?: number;
  encoding?: string;
  unmatched?: string;
  dryRun?: boolean;
}

/** `statement.csv` -> `statement.unmatched.csv` in the same folder. */
export function defaultUnmatchedFile(statement: string): string {
  const name = basename(statement).replace(/(\.unmatched)?\.csv$/i, '');
  return join(dirname(statement), `${name}.unmatched.csv`);
}

export async function run(options: ImportMpesaOptions, args: string[]): Promise<void> {
  const file = args[1]!;
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  let read;
  try {
    read = await readStatementFile(file, options.encoding ?? 'utf-8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new CliUsageError(`cannot read ${file}: ${code}`);
    if (error instanceof RangeError) throw new CliUsageError(`unknown encoding "${options.encoding}"; e.g. utf-8, windows-1252`);
    throw error;
  }
  const dryRun = options.dryRun === true;
  const target = options.unmatched ?? defaultUnmatchedFile(file);
  // The list of set-aside payments is replaced as any -o file is (a yes, or --force), settled before anything is booked.
  if (!dryRun) await checkOutputFile(context, target);
  const result = await withLocalStore(context, (store) => store.importMpesaStatement(companyId, read, { dryRun }));
  const { summary, setAside } = result;
  const say = (line: string) => context.say(line);
  say(`${dryRun ? 'dry run, nothing written: ' : ''}${file} into company ${companyId}: ${importSummaryLines(summary, dryRun)[0]}`);
  for (const line of importSummaryLines(summary, dryRun).slice(1)) say(line);
  if (summary.byProperty.length > 0) {
    say(dryRun ? 'would book, by property:' : 'booked, by property:');
    for (const line of byPropertyLines(summary)) say(line);
  }
  const rows = setAside.map((s) => ({
    code: s.payment.code,
    time: s.payment.time,
    amount: s.payment.amount,
    account: s.payment.typed,
    party: s.payment.party,
    reason: `${s.reason}: ${s.why}`,
    candidates: s.candidates,
  }));
  // An earlier list of set-aside payments left in place would name payments booked since.
  if (rows.length === 0 && !dryRun && existsSync(target)) {
    await writeWholeFile(context, target, Buffer.from(unmatchedCsv([])));
    say(`no payment set aside; ${target} now lists none`);
  }
  if (rows.length === 0) return;
  if (dryRun) {
    say('would set aside:');
    for (const r of rows)
      say(`  ${r.code} ${eatTime(r.time)} ${r.account || '(no account)'}: ${r.reason}${r.candidates.length ? `; candidates: ${r.candidates.join('; ')}` : ''}`);
    return;
  }
  // Written whole or not at all: a half-written list of money to assign would lose payments.
  await writeWholeFile(context, target, Buffer.from(unmatchedCsv(rows)));
  say(`${countOf(rows.length, 'payment')} set aside in ${target}: fill its tenant_account column, then: shopprop local import mpesa ${target}`);
}
