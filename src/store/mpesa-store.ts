/**
 * The M-Pesa area of the store interface: paybill payments booked as receipts, each once
 * (a payment's M-Pesa code is its receipt's reference). Every method is one unit of work.
 */

/** A line of a paybill statement as rules/mpesa-statement.ts reads it. */
export interface StatementPayment {
  kind: 'payment';
  line: number;
  /** The M-Pesa code (Receipt No.). */
  code: string;
  /** Completion Time, epoch ms. */
  time: number;
  amount: number;
  /** The account the payer typed (A/C No.), or the tenant account an accountant filled in. */
  account: string;
  /** Other Party Info: the payer's masked phone and name. */
  party: string;
  /** The A/C No. as the payer typed it (in the file of set-aside payments, its account_no). */
  typed: string;
}

export type NotPaymentKind = 'withdrawal' | 'charge' | 'reversal' | 'not completed' | 'other';

export interface StatementOther {
  kind: NotPaymentKind;
  line: number;
  code: string;
  /** Money out of the paybill (Withdrawn), cents. */
  withdrawn: number;
  /** Money in that is not a payment (a reversal of a withdrawal, a line not completed), cents. */
  paidIn: number;
  /** The transaction a reversal undoes (Linked Transaction ID, or named in Details). */
  linked: string | null;
}

export type StatementLine = StatementPayment | StatementOther;

/**
 * A statement read as a stream: its lines from the start at each call of lines() (an import run
 * again after a conflict reads them again), and the payments it reverses, known before the first
 * line is planned (a reversal may come after its payment, or before it).
 */
export interface StatementSource {
  /** The reversed payments' codes as keys (domain/payment-reference.ts), each with its reversal's line. */
  reversed: ReadonlyMap<string, number>;
  lines(): AsyncIterable<StatementLine>;
}

/** What a statement import comes to (rules/mpesa-import-plan.ts). */
export interface Tally {
  count: number;
  cents: number;
}

export interface SetAsidePayment {
  payment: StatementPayment;
  reason: 'unmatched' | 'ambiguous';
  why: string;
  candidates: string[];
}

export interface PropertyTally extends Tally {
  propertyCode: string;
}

export interface MpesaImportSummary {
  /** Lines of the statement's table. */
  lines: number;
  /** Paid In of every payment line (booked, already booked, set aside, reversed in the statement). */
  paidIn: Tally;
  booked: Tally;
  alreadyBooked: Tally;
  setAside: Tally;
  /** Lines that are not payments, by kind ('reversed payment': a payment the statement reverses). */
  notPayments: Record<NotPaymentKind | 'reversed payment', Tally & { withdrawn: number }>;
  /** Booked by property, in code order. */
  byProperty: PropertyTally[];
  /** Reversals whose payment is a receipt already: what the accountant must look at. */
  reversalsOfBooked: string[];
}

export interface MpesaSettings {
  companyId: number;
  /** The secret the confirmation and validation URLs carry (Daraja sends no token). */
  urlSecret: string;
  /** How a unit's reference is typed: `{property}` and `{unit}` (compared without case, spaces or dashes). */
  accountFormat: string;
  shortCodes: string[];
}

export interface MpesaSettingsChange {
  companyId: number;
  /** Used when the company has no secret yet, or to replace it (rotate). */
  newSecret: string;
  rotateSecret?: boolean | undefined;
  accountFormat?: string | undefined;
  addShortCodes?: readonly string[] | undefined;
  removeShortCodes?: readonly string[] | undefined;
}

export interface MpesaImportResult {
  summary: MpesaImportSummary;
  setAside: SetAsidePayment[];
  dryRun: boolean;
}

/** A C2B call as Daraja posts it (amounts and times are strings). */
export interface DarajaPayment {
  TransactionType?: string | undefined;
  TransID: string;
  TransTime: string;
  TransAmount: string;
  BusinessShortCode: string;
  BillRefNumber?: string | undefined;
  MSISDN?: string | undefined;
  FirstName?: string | undefined;
  MiddleName?: string | undefined;
  LastName?: string | undefined;
}

/** What a confirmation came to: booked, met before (booked or kept), or kept unmatched. */
export type ConfirmationOutcome = { kind: 'booked'; receiptId: number } | { kind: 'already' } | { kind: 'kept'; unmatchedId: number };

export interface KeptPayment {
  id: number;
  code: string;
  time: number;
  amount: number;
  shortCode: string;
  account: string;
  party: string;
  why: string;
  candidates: string[];
}

export interface MpesaStore {
  mpesaSettings(companyId: number): Promise<MpesaSettings | undefined>;
  /** Creates or changes the company's paybill settings; refuses a short code another company takes (409). */
  configureMpesa(change: MpesaSettingsChange): Promise<MpesaSettings>;
  /**
   * Books a statement's payments whole or not at all (a dry run writes nothing): matched ones as
   * receipts dated at their completion time, each code once; refuses (MpesaImportError) a code
   * booked with another amount or tenancy. A long statement is given as a source read a slice at a time.
   */
  importMpesaStatement(companyId: number, statement: readonly StatementLine[] | StatementSource, options: { dryRun: boolean }): Promise<MpesaImportResult>;
  /** The company whose confirmation URL carries this secret, or undefined (the caller answers 404). */
  mpesaCompanyOfSecret(secret: string): Promise<number | undefined>;
  /** Daraja's validation: whether the account matches a tenancy; refuses a short code the company does not take (403). */
  validateMpesaPayment(companyId: number, payment: DarajaPayment): Promise<boolean>;
  /** Daraja's confirmation: booked once, or kept unmatched once; refuses a short code the company does not take (403). */
  confirmMpesaPayment(companyId: number, payment: DarajaPayment, now: number): Promise<ConfirmationOutcome>;
  /** Live payments kept unmatched and not booked since, oldest first. */
  mpesaUnmatched(companyId: number): Promise<KeptPayment[]>;
}
