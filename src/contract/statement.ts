/**
 * Landlord property statements (4.7) and the statement document link (4.8).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, EpochMs, Id, Money, Nullable, SuccessMessage } from './common.js';

import { PAID_POSTED } from './enums.js';

export { PAID_POSTED, type PaidPosted } from './enums.js';

const OptionalMoney = Type.Optional(Nullable(Money));

/** 2.7, with the interface's spellings (recievedRent, deferedAmount). */
export const StatementRecord = Type.Object({
  id: Id,
  propertyId: Id,
  regionId: Nullable(Id),
  preparedById: Nullable(Id),
  propertyName: Nullable(Type.String()),
  propertyCode: Nullable(Type.String()),
  propertyEmail: Nullable(Type.String()),
  regionName: Nullable(Type.String()),
  lrNo: Nullable(Type.String()),
  lldCode: Nullable(Type.String()),
  lldName: Nullable(Type.String()),
  month: Type.String(),
  year: Type.Integer(),
  withEffectFrom: EpochMs,
  withEffectTo: EpochMs,
  datePrepared: EpochMs,
  dueDate: Nullable(EpochMs),
  totalMktRent: Money,
  totalRent: Money,
  totalUtility: Money,
  rentInvoiced: Money,
  rentInvoicedTax: Money,
  utilityInvoiced: Money,
  rentBalBf: Money,
  rentBalCf: Money,
  recievedRent: Money,
  paidRentTax: Money,
  receivedUtility: Money,
  tenantToLld: Money,
  rcptFromLld: Money,
  expenses: Money,
  manFeesRate: Type.Number(),
  manFees: Money,
  manFeesTax: Money,
  manFeesTotal: Money,
  balBf: Money,
  amtPyble: Money,
  stmtAmtPyble: Money,
  prepareByName: Nullable(Type.String()),
  periodIncome: Money,
  periodVat: Money,
  periodExpense: Money,
  lessPeriodTxn: Money,
  lldPmtType: Type.String(),
  srvcName: Nullable(Type.String()),
  rentalTax: Money,
  rentalTaxComm: Money,
  rentalTaxCommVat: Money,
  statementType: Type.String(),
  stmtIncomeLabel: Nullable(Type.String()),
  rentDetailsHtml: Nullable(Type.String()),
  monthlyReconStmt: Nullable(Type.String()),
  deferedAmount: Money,
  deferredPaymentAmt: Money,
  dateApproved: Type.Optional(Nullable(EpochMs)),
  approvedById: Type.Optional(Nullable(Id)),
  approvedByName: Type.Optional(Nullable(Type.String())),
  approvedForPmt: Type.Optional(Nullable(Type.String())),
  lessPeriodTxnOnly: OptionalMoney,
  addPeriodTxn: OptionalMoney,
  provisionPmt: OptionalMoney,
  provisionComms: OptionalMoney,
  reconcilingPmt: OptionalMoney,
  reconcilingComms: OptionalMoney,
});
export type StatementRecord = Static<typeof StatementRecord>;

export const StatementsQuery = Type.Object({
  companyId: Id,
  landlordId: Id,
  zoneId: Type.Optional(Id),
  paidPosted: Type.Union(PAID_POSTED.map((p) => Type.Literal(p))),
});
export type StatementsQuery = Static<typeof StatementsQuery>;
export const StatementsResponse = Envelope(StatementRecord);
export type StatementsResponse = Static<typeof StatementsResponse>;

export const StatementPdfQuery = Type.Object({ statementId: Id });
export type StatementPdfQuery = Static<typeof StatementPdfQuery>;
/** `message` is the URL of the rendered statement document. */
export const StatementPdfResponse = SuccessMessage;
export type StatementPdfResponse = Static<typeof StatementPdfResponse>;

/**
 * The presigned document URL the local server hands out (not part of the interface): it
 * carries statementId, companyId, an expiry (epoch ms) and an HMAC signature.
 */
export const STATEMENT_DOCUMENT_PATH = '/api/propertystmt/statement-document';
export const StatementDocumentQuery = Type.Object({
  statementId: Id,
  companyId: Id,
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type StatementDocumentQuery = Static<typeof StatementDocumentQuery>;
