/**
 * Reads a paybill statement as the M-Pesa business portal exports it, one CSV record at a time
 * (the caller streams the file, so a statement of any length is read in bounded memory): a block
 * of lines about the organisation and the period, then the table, found by its header row
 * (`Receipt No.`, `Completion Time`, `Paid In`, `A/C No.` ..., in any order). Amounts may carry
 * thousands separators; times are East Africa Time whatever the company's zone.
 *
 * The file of payments set aside by an earlier import (mpesa-unmatched-file.ts) is read the same
 * way: its `receipt_no`, `completion_time`, `amount` and `account_no` columns are the statement's,
 * and its `tenant_account`, once an accountant fills it, is the account the payment is matched by.
 *
 * Every record of the table becomes one StatementLine: a payment in (completed, `Paid In` > 0,
 * not a reversal) or a line that is not a payment (a withdrawal, a charge, a reversal, one not
 * completed), so that an import accounts for each line.
 */
import { parseLocalDateTime } from '../../domain/month-range.js';
import { ImportRefusedError, type ImportProblem } from './import-problems.js';

/** The zone of the times M-Pesa writes (EAT, UTC+3, no daylight saving). */
export const MPESA_TIME_ZONE = 'Africa/Nairobi';

export type { NotPaymentKind, StatementLine, StatementOther, StatementPayment } from '../mpesa-store.js';
import type { NotPaymentKind, StatementLine, StatementOther } from '../mpesa-store.js';

type Column = 'code' | 'time' | 'status' | 'paidIn' | 'withdrawn' | 'details' | 'reason' | 'party' | 'linked' | 'account' | 'tenantAccount';

/** Header cells as compared (lower case, letters and digits only) -> the column they are. */
const HEADERS: Record<string, Column> = {
  receiptno: 'code',
  completiontime: 'time',
  transactionstatus: 'status',
  paidin: 'paidIn',
  amount: 'paidIn',
  withdrawn: 'withdrawn',
  details: 'details',
  reasontype: 'reason',
  otherpartyinfo: 'party',
  payer: 'party',
  linkedtransactionid: 'linked',
  acno: 'account',
  accountno: 'account',
  tenantaccount: 'tenantAccount',
};

const REQUIRED: readonly Column[] = ['code', 'time', 'paidIn', 'account'];

const headerCell = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A file that is not a readable statement: every problem, nothing imported (a usage error). */
export class StatementReadError extends ImportRefusedError {
  constructor(problems: readonly ImportProblem[]) {
    super('M-Pesa statement', problems);
    this.name = 'StatementReadError';
  }
}

/**
 * Feed it the file's records in order (push); it returns each line of the table as read. The
 * problems of the whole file are collected (at most 50 kept) and thrown by finish().
 */
export class StatementReader {
  private columns: Map<Column, number> | undefined;
  private readonly problems: ImportProblem[] = [];
  private problemCount = 0;
  /** True for the file of set-aside payments: its lines have no status column and are payments in. */
  unmatchedFile = false;
  lines = 0;

  /** True once the table's header row was pushed. */
  get tableFound(): boolean {
    return this.columns !== undefined;
  }

  push(cells: readonly string[], line: number): StatementLine | undefined {
    if (!this.columns) {
      this.columns = headerOf(cells);
      if (this.columns) this.unmatchedFile = this.columns.has('tenantAccount');
      return undefined;
    }
    if (cells.every((c) => c.trim() === '')) return undefined;
    this.lines++;
    const cell = (column: Column): string => {
      const at = this.columns!.get(column);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const code = cell('code');
    if (code === '') return this.problem(line, 'Receipt No.', 'is empty');
    const paidIn = this.amount(line, 'Paid In', cell('paidIn'));
    const withdrawn = this.amount(line, 'Withdrawn', cell('withdrawn'));
    if (paidIn === undefined || withdrawn === undefined) return undefined;
    const status = this.columns.has('status') ? cell('status').toLowerCase() : 'completed';
    const details = cell('details');
    const reason = cell('reason').toLowerCase();
    const other = (kind: NotPaymentKind, linked: string | null = null): StatementOther => ({ kind, line, code, withdrawn, paidIn, linked });
    if (/^reversal\b/i.test(details) || reason.includes('reversal'))
      return other('reversal', cell('linked') || (/reversal of\s+(\S+)/i.exec(details)?.[1] ?? null));
    if (status !== 'completed') return other('not completed');
    if (paidIn > 0) {
      const time = statementTime(cell('time'));
      if (time === undefined)
        return this.problem(
          line,
          'Completion Time',
          `${JSON.stringify(cell('time'))} is not a time (YYYY-MM-DD HH:mm:ss or DD-MM-YYYY HH:mm:ss, East Africa Time)`,
        );
      const account = this.unmatchedFile ? cell('tenantAccount') : cell('account');
      return { kind: 'payment', line, code, time, amount: paidIn, account, party: cell('party'), typed: cell('account') };
    }
    if (/charge/i.test(details) || reason.includes('charge')) return other('charge');
    return other(withdrawn > 0 ? 'withdrawal' : 'other');
  }

  /** Throws every problem found (a StatementReadError); else the file was a statement. */
  finish(): void {
    if (!this.columns) {
      throw new StatementReadError([
        { line: 0, field: null, message: 'no table found: no header row naming Receipt No., Completion Time, Paid In and A/C No.' },
      ]);
    }
    if (this.problemCount > 0) {
      const more = this.problemCount - this.problems.length;
      throw new StatementReadError(more > 0 ? [...this.problems, { line: 0, field: null, message: `and ${more} more` }] : this.problems);
    }
  }

  private amount(line: number, field: string, text: string): number | undefined {
    const cents = statementCents(text);
    return cents ?? this.problem(line, field, `${JSON.stringify(text)} is not an amount`);
  }

  private problem(line: number, field: string, message: string): undefined {
    if (++this.problemCount <= 50) this.problems.push({ line, field, message });
    return undefined;
  }
}

/** The table's columns when the record is its header row (every required column there). */
function headerOf(cells: readonly string[]): Map<Column, number> | undefined {
  const columns = new Map<Column, number>();
  cells.forEach((cell, at) => {
    const column = HEADERS[headerCell(cell)];
    if (column !== undefined && !columns.has(column)) columns.set(column, at);
  });
  return REQUIRED.every((c) => columns.has(c)) ? columns : undefined;
}

/** An amount as the portal writes it (`40,000.00`, `750.00`, `-52.00`, empty) in cents, its sign dropped; undefined when it is none. */
export function statementCents(text: string): number | undefined {
  const plain = text.replace(/^-/, '');
  if (plain === '') return 0;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  const units = Number(match[1]!.replaceAll(',', ''));
  const cents = units * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** A statement time (`2026-10-31 18:42:09`, `31-10-2026 18:42:09`, `31/10/2026 18:42`) in East Africa Time, epoch ms. */
export function statementTime(text: string): number | undefined {
  const dayFirst = /^(\d{2})[-/](\d{2})[-/](\d{4})(.*)$/.exec(text.trim());
  const iso = dayFirst ? `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}${dayFirst[4]}` : text;
  return eatTime(iso);
}

/** East Africa Time has been UTC+3 all year since 1960 (no daylight saving). */
const EAT_OFFSET_MS = 3 * 3_600_000;

/**
 * `YYYY-MM-DD HH:mm[:ss]` in East Africa Time, epoch ms, by its fixed offset: the zone database
 * (parseLocalDateTime) cost more than parsing the CSV itself on a long statement. Earlier years
 * go through the zone database.
 */
function eatTime(iso: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(iso.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((at) => Number(match[at] ?? 0)) as [number, number, number, number, number, number];
  if (year < 1961) return parseLocalDateTime(iso, MPESA_TIME_ZONE);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return utc - EAT_OFFSET_MS;
}

/** Daraja's TransTime (YYYYMMDDHHmmss, East Africa Time), epoch ms. */
export function darajaTime(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  return match ? parseLocalDateTime(`${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6]}`, MPESA_TIME_ZONE) : undefined;
}
