/**
 * What a paybill statement amounts to, decided over the facts the import unit read: each line
 * is booked (a new receipt), already booked (its M-Pesa code is a receipt of the same tenancy
 * and amount: the same statement again, or an overlapping one), set aside (matched no tenancy,
 * or more than one: the accountant assigns it), or not a payment (a withdrawal, a charge, a
 * reversal, a line not completed, a payment the same statement reverses). The same code booked
 * with another amount or tenancy refuses the whole file, as a receipts file is refused
 * (domain/payment-reference.ts bookedAgain). A reversal of a payment booked before is reported:
 * the import never undoes a receipt by itself.
 */
import { dayText } from '../../domain/month-range.js';
import { bookedAgain, paymentReferenceKey } from '../../domain/payment-reference.js';
import { formatAmount } from '../../domain/rent-details-html.js';
import type { ImportProblem } from './import-problems.js';
import { ImportRefusedError } from './import-problems.js';
import type { BookedReceipt, ReceiptToWrite } from './ledger-import-plan.js';
import type { Matcher } from './mpesa-matching.js';
import type { MpesaImportSummary, SetAsidePayment, Tally } from '../mpesa-store.js';
import type { StatementLine } from './mpesa-statement.js';

export type { MpesaImportSummary, PropertyTally, SetAsidePayment, Tally } from '../mpesa-store.js';

export interface MpesaImportPlan {
  receipts: (ReceiptToWrite & { reference: string; referenceKey: string })[];
  setAside: SetAsidePayment[];
  summary: MpesaImportSummary;
}

export class MpesaImportError extends ImportRefusedError {
  constructor(problems: readonly ImportProblem[]) {
    super('M-Pesa statement', problems);
    this.name = 'MpesaImportError';
  }
}

const tally = (): Tally => ({ count: 0, cents: 0 });
const add = (t: Tally, cents: number) => {
  t.count++;
  t.cents += cents;
};

/** The codes a statement names (its payments' and its reversals' linked ones), as keys, each once. */
export function statementReferenceKeys(lines: readonly StatementLine[]): string[] {
  const keys = new Set<string>();
  for (const line of lines) {
    const key = paymentReferenceKey(line.kind === 'payment' ? line.code : line.kind === 'reversal' ? line.linked : null);
    if (key !== null) keys.add(key);
  }
  return [...keys];
}

/** The payments a statement reverses (the reversals' linked codes, as keys), each with its reversal's line. */
export function reversalsIn(lines: Iterable<StatementLine>): Map<string, number> {
  const reversed = new Map<string, number>();
  for (const line of lines) {
    const key = line.kind === 'reversal' ? paymentReferenceKey(line.linked) : null;
    if (key !== null) reversed.set(key, line.line);
  }
  return reversed;
}

/** The lines planned at once: the whole statement, one slice of it or one live payment. */
export function planMpesaImport(
  lines: readonly StatementLine[],
  match: Matcher,
  booked: ReadonlyMap<string, BookedReceipt>,
  timeZone: string,
): MpesaImportPlan {
  const planner = new MpesaImportPlanner(reversalsIn(lines), timeZone);
  const { receipts } = planner.plan(lines, match, booked);
  return { receipts, setAside: planner.setAside, summary: planner.finish() };
}

/**
 * Plans a statement a slice at a time, in the file's order: what it keeps between slices is the
 * summary's tallies, the first line of each payment code (a code met twice is refused) and the
 * payments set aside, never the lines themselves. `reversed` is known before the first slice (a
 * payment the statement reverses later in the file is not booked either).
 */
export class MpesaImportPlanner {
  readonly summary: MpesaImportSummary;
  readonly setAside: SetAsidePayment[] = [];
  private readonly problems: ImportProblem[] = [];
  private readonly firstLineOf = new Map<string, number>();
  private readonly byProperty = new Map<string, Tally>();

  constructor(
    private readonly reversed: ReadonlyMap<string, number>,
    private readonly timeZone: string,
  ) {
    const notPayments = Object.fromEntries(
      (['withdrawal', 'charge', 'reversal', 'not completed', 'other', 'reversed payment'] as const).map((k) => [k, { ...tally(), withdrawn: 0 }]),
    ) as MpesaImportSummary['notPayments'];
    this.summary = {
      lines: 0,
      paidIn: tally(),
      booked: tally(),
      alreadyBooked: tally(),
      setAside: tally(),
      notPayments,
      byProperty: [],
      reversalsOfBooked: [],
    };
  }

  /** True once a line refuses the file (finish() throws): writing more is wasted. */
  get refused(): boolean {
    return this.problems.length > 0;
  }

  /** The receipts this slice books; `booked` holds the receipts already under its codes. */
  plan(lines: readonly StatementLine[], match: Matcher, booked: ReadonlyMap<string, BookedReceipt>): Pick<MpesaImportPlan, 'receipts'> {
    const { summary, problems, timeZone } = this;
    const notPayments = summary.notPayments;
    const receipts: MpesaImportPlan['receipts'] = [];
    for (const line of lines) {
      summary.lines++;
      if (line.kind !== 'payment') {
        const t = notPayments[line.kind];
        add(t, line.paidIn);
        t.withdrawn += line.withdrawn;
        const linkedKey = line.kind === 'reversal' ? paymentReferenceKey(line.linked) : null;
        const receipt = linkedKey === null ? undefined : booked.get(linkedKey);
        if (receipt) {
          summary.reversalsOfBooked.push(
            `line ${line.line}: ${line.code} reverses ${line.linked}, booked as receipt ${receipt.id} (${formatAmount(receipt.amount)} from ${receipt.tenantAccount} on ${dayText(receipt.date, timeZone)}); the receipt stands until it is corrected`,
          );
        }
        continue;
      }
      const key = paymentReferenceKey(line.code)!;
      add(summary.paidIn, line.amount);
      const earlier = this.firstLineOf.get(key);
      if (earlier !== undefined) {
        problems.push({ line: line.line, field: 'Receipt No.', message: `${line.code} is also on line ${earlier}: one payment, one line` });
        continue;
      }
      this.firstLineOf.set(key, line.line);
      // A payment the same statement reverses never reached the paybill for good: not booked.
      if (this.reversed.has(key)) {
        add(notPayments['reversed payment'], line.amount);
        continue;
      }
      const found = match(line.account, line.time, line.party);
      const receipt = booked.get(key);
      if (found.kind !== 'matched') {
        // Booked before (assigned by hand, or by a live confirmation): the same payment met again.
        if (receipt && receipt.amount === line.amount) add(summary.alreadyBooked, line.amount);
        else {
          add(summary.setAside, line.amount);
          this.setAside.push({ payment: line, reason: found.kind, why: found.reason, candidates: found.candidates });
        }
        continue;
      }
      if (receipt) {
        if (bookedAgain(receipt, { tenancyId: found.tenancyId, amount: line.amount }) === 'same') add(summary.alreadyBooked, line.amount);
        else {
          problems.push({
            line: line.line,
            field: 'Receipt No.',
            message: `${line.code} is already booked as receipt ${receipt.id}: ${formatAmount(receipt.amount)} from ${receipt.tenantAccount} on ${dayText(receipt.date, timeZone)}; this line has ${formatAmount(line.amount)} for ${found.tenantAccount}`,
          });
        }
        continue;
      }
      add(summary.booked, line.amount);
      const property = this.byProperty.get(found.propertyCode) ?? tally();
      add(property, line.amount);
      this.byProperty.set(found.propertyCode, property);
      receipts.push({ tenancyId: found.tenancyId, date: line.time, amount: line.amount, reference: line.code, referenceKey: key });
    }
    return { receipts };
  }

  /** The summary of every slice planned; throws (MpesaImportError) when a line refused the file. */
  finish(): MpesaImportSummary {
    if (this.problems.length > 0) throw new MpesaImportError(this.problems);
    this.summary.byProperty = [...this.byProperty]
      .map(([propertyCode, t]) => ({ propertyCode, ...t }))
      .sort((a, b) => a.propertyCode.localeCompare(b.propertyCode));
    return this.summary;
  }
}
