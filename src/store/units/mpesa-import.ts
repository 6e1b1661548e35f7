/**
 * Books a paybill statement: one unit for the whole file (all or nothing, like every import). The
 * statement is read a slice of lines at a time and each slice planned by rules/mpesa-import-plan.ts
 * after the tenancies its payments match are held (Tx.lockRows), over the receipts already booked
 * under its codes read then, so two overlapping statements imported at once book each payment once
 * (the unique index receipts_reference_key is the last word; the unit is run again when it refuses).
 * A slice's receipts are written before the next is read, and allocated once after the last slice
 * (ledger-allocation.ts), as the receipts import does: memory holds a slice, not the statement.
 * Live payments kept unmatched that the file books are marked with their receipt.
 */
import { paymentReferenceKey } from '../../domain/payment-reference.js';
import type { NewEvents } from '../rules/ledger-allocation-plan.js';
import { MpesaImportPlanner, reversalsIn, statementReferenceKeys } from '../rules/mpesa-import-plan.js';
import { paymentMatcher, type Matcher } from '../rules/mpesa-matching.js';
import type { StatementLine } from '../rules/mpesa-statement.js';
import { StagedRows } from '../rules/staged-rows.js';
import type { MpesaImportResult, StatementSource } from '../mpesa-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { writeReceipts } from './book-receipts.js';
import { allocateTouched } from './ledger-allocation.js';
import { readBooked, readMatchFacts } from './mpesa-reads.js';
import { companyOrThrow } from './property-reads.js';

const OPEN_KEPT = sql('select trans_key as "key" from mpesa_unmatched where company_id = ? and receipt_id is null');
const MARK_KEPT = sql('update mpesa_unmatched set receipt_id = ? where company_id = ? and trans_key = ? and receipt_id is null');

/** Lines planned and written together, as the receipts import's slices. */
const SLICE = 2000;

export function importMpesaStatement(
  engine: Engine,
  companyId: number,
  statement: readonly StatementLine[] | StatementSource,
  options: { dryRun: boolean },
): Promise<MpesaImportResult> {
  const source = Array.isArray(statement) ? sourceOf(statement) : (statement as StatementSource);
  return engine.unit(
    options.dryRun ? 'read' : 'write',
    async (tx) => {
      const company = await companyOrThrow(tx, companyId);
      const match = paymentMatcher(await readMatchFacts(tx, companyId));
      const planner = new MpesaImportPlanner(source.reversed, company.timeZone);
      const kept = options.dryRun ? new Set<string>() : new Set((await tx.all<{ key: string }>(OPEN_KEPT, [companyId])).map((r) => r.key));
      // The new receipts' ids outside the heap (StagedRows), shared by every tenancy touched, as the receipts import keeps them.
      const written = new StagedRows();
      const none = new StagedRows();
      const touched = new Map<number, NewEvents>();
      for await (const slice of slicesOf(source.lines(), SLICE)) {
        if (!options.dryRun) await tx.lockRows('tenancies', tenanciesMatched(slice, match, source.reversed));
        const { receipts } = planner.plan(slice, match, await readBooked(tx, companyId, statementReferenceKeys(slice)));
        if (options.dryRun || planner.refused) continue;
        const ids = await writeReceipts(tx, companyId, receipts);
        for (const [i, r] of receipts.entries()) {
          written.add(ids[i]!, 0);
          if (!touched.has(r.tenancyId)) touched.set(r.tenancyId, { chargeIds: none, receiptIds: written });
          if (kept.has(r.referenceKey)) await tx.run(MARK_KEPT, [ids[i], companyId, r.referenceKey]);
        }
      }
      const summary = planner.finish();
      if (!options.dryRun) await allocateTouched(tx, company.timeZone, touched);
      return { summary, setAside: planner.setAside, dryRun: options.dryRun };
    },
    { retryOnUniqueViolation: true },
  );
}

function sourceOf(lines: readonly StatementLine[]): StatementSource {
  return {
    reversed: reversalsIn(lines),
    async *lines() {
      yield* lines;
    },
  };
}

async function* slicesOf(lines: AsyncIterable<StatementLine>, size: number): AsyncIterable<StatementLine[]> {
  let slice: StatementLine[] = [];
  for await (const line of lines) {
    slice.push(line);
    if (slice.length === size) {
      yield slice;
      slice = [];
    }
  }
  if (slice.length > 0) yield slice;
}

/** The tenancies a slice's payments may be booked to: held before what they are checked against is read. */
function tenanciesMatched(slice: readonly StatementLine[], match: Matcher, reversed: ReadonlyMap<string, number>): number[] {
  const ids = new Set<number>();
  for (const line of slice) {
    if (line.kind !== 'payment' || reversed.has(paymentReferenceKey(line.code)!)) continue;
    const found = match(line.account, line.time, line.party);
    if (found.kind === 'matched') ids.add(found.tenancyId);
  }
  return [...ids];
}
