/**
 * `shopprop local mpesa unmatched`: live payments that matched no tenancy, as the file
 * `local import mpesa` takes back: fill tenant_account, import it, and each is booked once.
 */
import { writeFile } from 'node:fs/promises';
import { countOf } from '../../../domain/plural.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { unmatchedCsv } from '../../mpesa/unmatched-file.js';
import { companyOrPrompt } from '../../required-value.js';

export async function run(options: GlobalOptions & { company?: number }): Promise<void> {
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const kept = await withLocalStore(context, (store) => store.mpesaUnmatched(companyId));
  const csv = unmatchedCsv(
    kept.map((k) => ({ code: k.code, time: k.time, amount: k.amount, account: k.account, party: k.party, reason: k.why, candidates: k.candidates })),
  );
  if (options.output) await writeFile(options.output, csv);
  else context.terminal.stdout.write(csv);
  context.say(
    `${countOf(kept.length, 'payment')} kept unmatched${kept.length > 0 ? `; fill tenant_account, then: shopprop local import mpesa ${options.output ?? 'FILE'}` : ''}`,
  );
}
