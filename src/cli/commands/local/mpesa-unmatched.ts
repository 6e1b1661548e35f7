/**
 * `shopprop local mpesa unmatched`: live payments that matched no tenancy, listed as the other
 * lists are (a table at a terminal; `-o FILE` in the format its extension names, --format
 * first). Its CSV is the file `local import mpesa` takes back: fill tenant_account, import it,
 * and each is booked once.
 */
import { fromCents } from '../../../domain/money.js';
import { countOf } from '../../../domain/plural.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { eatTime } from '../../mpesa/unmatched-file.js';
import { resolveFormat } from '../../output/format.js';
import { unmatchedColumns, type UnmatchedRecord } from '../../output/columns/mpesa-unmatched.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export async function run(options: GlobalOptions & { company?: number }): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const kept = await withLocalStore(context, (store) => store.mpesaUnmatched(companyId));
    const records: UnmatchedRecord[] = kept.map((k) => ({
      receipt_no: k.code,
      completion_time: eatTime(k.time),
      amount: fromCents(k.amount),
      account_no: k.account,
      payer: k.party,
      reason: k.why,
      candidates: k.candidates.join('; '),
      tenant_account: '',
    }));
    await emitList(context, { records, columns: unmatchedColumns, totals: true });
    context.say(`${countOf(kept.length, 'payment')} kept unmatched${kept.length > 0 ? `; ${nextStep(options)}` : ''}`);
  });
}

/** What to do with the list: only its CSV file goes back in. */
function nextStep({ output, format }: GlobalOptions): string {
  const csvFile = output !== undefined && output !== '-' && resolveFormat({ format, output, stdoutIsTTY: false }) === 'csv';
  return csvFile
    ? `fill its tenant_account column, then: shopprop local import mpesa ${output}`
    : 'write them with -o unmatched.csv, fill its tenant_account column, then: shopprop local import mpesa unmatched.csv';
}
