/**
 * Books a paybill statement: one unit for the whole file (all or nothing, like every import).
 * The lines are matched and planned by rules/mpesa-import-plan.ts over what the unit read; the
 * tenancies the receipts go to are then held (Tx.lockRows) and the file planned again on what
 * committed before the locks, so two overlapping statements imported at once book each payment
 * once (the unique index receipts_reference_key is the last word; the unit is run again when it
 * refuses). Allocations are derived in the same unit (ledger-allocation.ts). Live payments kept
 * unmatched that the file books are marked with their receipt.
 */
import { planMpesaImport, statementReferenceKeys, type MpesaImportPlan } from '../rules/mpesa-import-plan.js';
import { paymentMatcher } from '../rules/mpesa-matching.js';
import type { StatementLine } from '../rules/mpesa-statement.js';
import type { MpesaImportResult } from '../mpesa-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { bookReceipts } from './book-receipts.js';
import { readBooked, readMatchFacts } from './mpesa-reads.js';
import { companyOrThrow } from './property-reads.js';

const OPEN_KEPT = sql('select trans_key as "key" from mpesa_unmatched where company_id = ? and receipt_id is null');
const MARK_KEPT = sql('update mpesa_unmatched set receipt_id = ? where company_id = ? and trans_key = ? and receipt_id is null');

export function importMpesaStatement(
  engine: Engine,
  companyId: number,
  lines: readonly StatementLine[],
  options: { dryRun: boolean },
): Promise<MpesaImportResult> {
  const keys = statementReferenceKeys(lines);
  return engine.unit(
    options.dryRun ? 'read' : 'write',
    async (tx) => {
      const company = await companyOrThrow(tx, companyId);
      const plan = async () =>
        planMpesaImport(lines, paymentMatcher(await readMatchFacts(tx, companyId)), await readBooked(tx, companyId, keys), company.timeZone);
      let planned = await plan();
      if (!options.dryRun) {
        const held = new Set<number>();
        for (let needed = tenanciesOf(planned); needed.some((id) => !held.has(id)); needed = tenanciesOf(planned)) {
          const fresh = needed.filter((id) => !held.has(id));
          for (const id of fresh) held.add(id);
          if (!(await tx.lockRows('tenancies', fresh))) break;
          planned = await plan();
        }
        await writeReceipts(tx, companyId, company.timeZone, planned);
      }
      return { summary: planned.summary, setAside: planned.setAside, dryRun: options.dryRun };
    },
    { retryOnUniqueViolation: true },
  );
}

function tenanciesOf(plan: MpesaImportPlan): number[] {
  return [...new Set(plan.receipts.map((r) => r.tenancyId))];
}

async function writeReceipts(tx: Tx, companyId: number, timeZone: string, plan: MpesaImportPlan): Promise<void> {
  const kept = new Set((await tx.all<{ key: string }>(OPEN_KEPT, [companyId])).map((r) => r.key));
  const ids = await bookReceipts(tx, companyId, timeZone, plan.receipts);
  for (const [i, r] of plan.receipts.entries()) {
    if (kept.has(r.referenceKey)) await tx.run(MARK_KEPT, [ids[i], companyId, r.referenceKey]);
  }
}
