/**
 * The property area of the store interface (shop-store.ts): reports, statements and ledger
 * imports. Every method is one unit of work of the backend.
 */
import type { LandlordPaymentType, PayAdvice } from '../contract/pay-advice.js';
import type { PaidBalanceRow } from '../contract/paid-balance.js';
import type { PaidPosted, StatementRecord, StatementsResponse } from '../contract/statement.js';
import type { ExpenseInput, RentLineFigures } from '../domain/pay-advice.js';
import type { CompanyProfile } from './company-profile.js';
import type { ImportSource } from './import-source.js';
import type { MpesaStore } from './mpesa-store.js';
import type { StatementSendStore } from './statement-send-store.js';

export type Clock = () => number;

export interface PaidBalanceRequest {
  companyId: number;
  zoneId?: number | undefined;
  fieldOfficerId?: number | undefined;
  propertyId?: number | undefined;
  month?: number | undefined;
  year?: number | undefined;
}

export interface PayAdviceRequest {
  companyId: number;
  propertyId: number;
  lldPaymentType?: LandlordPaymentType | undefined;
  srvcId?: number | undefined;
  month?: number | undefined;
  year?: number | undefined;
  /** Cents held back from the landlord (statements only). */
  deferredPayment?: number | undefined;
}

export interface PrepareStatementInput {
  companyId: number;
  propertyId: number;
  month: number;
  year: number;
  final: boolean;
  /** null: the local admin of the store. */
  preparedByUserId: number | null;
  /** Default: the property's own payment type. */
  lldPaymentType?: LandlordPaymentType | undefined;
  srvcId?: number | undefined;
  /** Cents held back from the landlord this month. */
  deferredPayment?: number | undefined;
  now?: Clock | undefined;
}

export interface StatementActionInput {
  statementId: number;
  /** When given, the statement must belong to this company. */
  companyId?: number | undefined;
  userId: number | null;
  now?: Clock | undefined;
}

export interface StatementsRequest {
  companyId: number;
  landlordId: number;
  zoneId?: number | undefined;
  paidPosted: PaidPosted;
}

/** What a prepare of several properties gave one of them: its new statement, or the store's refusal in words. */
export type PreparedOrRefused = { propertyId: number; statement: StatementRecord } | { propertyId: number; refusal: string };

export interface StatementDocument {
  company: CompanyProfile;
  statement: StatementRecord;
  rentLines: RentLineFigures[];
  expenseLines: ExpenseInput[];
}

export const LEDGER_IMPORT_KINDS = ['landlords', 'properties', 'units', 'tenants', 'tenancies', 'charges', 'receipts', 'expenses'] as const;

export type LedgerImportKind = (typeof LEDGER_IMPORT_KINDS)[number];

export interface ImportResult {
  kind: LedgerImportKind;
  /** Rows of the file. */
  rows: number;
  /** Rows written. */
  imported: number;
  /** Receipts whose payment reference was already booked for the same tenancy and amount: skipped. */
  alreadyBooked: number;
}

/** The ledger's own methods, M-Pesa payments booked into it (mpesa-store.ts) and statements e-mailed (statement-send-store.ts). */
export interface PropertyStore extends MpesaStore, StatementSendStore {
  /** Tenant paid and balance of a month (interface 4.5). */
  paidBalanceReport(request: PaidBalanceRequest, clock?: Clock): Promise<PaidBalanceRow[]>;
  /** A property's landlord pay advice of a month (interface 4.6). */
  payAdviceReport(request: PayAdviceRequest, clock?: Clock): Promise<PayAdvice>;
  /** A landlord's statements (interface 4.7). */
  statementsReport(request: StatementsRequest): Promise<StatementsResponse>;
  /** What a statement's PDF shows; refuses (404) a statement of another company. */
  statementDocument(statementId: number, companyId: number): Promise<StatementDocument>;
  /** Freezes a pay advice as an INTERIM or FINAL statement (at most one FINAL per property and month). */
  prepareStatement(input: PrepareStatementInput): Promise<StatementRecord>;
  /**
   * Prepares several properties' statements in one unit of work, all or none; a property whose
   * month a FINAL closed is refused alone (its refusal returned), the others prepared.
   */
  prepareStatements(inputs: readonly PrepareStatementInput[], onPrepared?: (done: number, total: number) => void): Promise<PreparedOrRefused[]>;
  approveStatement(input: StatementActionInput): Promise<StatementRecord>;
  markStatementPaid(input: StatementActionInput & { reference?: string | undefined }): Promise<StatementRecord>;
  /** Imports one ledger file whole or not at all (a LedgerImportError lists every problem), read as a stream when it is one. */
  importLedger(companyId: number, kind: LedgerImportKind, file: ImportSource): Promise<ImportResult>;
  /** Derives again the ledger allocations an upgrade left pending; how many companies it did. */
  rederivePendingLedgers(): Promise<number>;
}
