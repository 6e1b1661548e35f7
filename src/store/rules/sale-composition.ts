/**
 * What a save of a cash sale amounts to, decided the same way on every backend: the request
 * checked before any transaction (prepareSave: the caller's company, the Idempotency-Key and
 * the request's hash, the amounts by domain/sale-check.ts), then, inside the backend's
 * transaction, over what the store holds (composeSave): the first result of a key sent again,
 * or the sale's rows to write (rules/sale-rows.ts), every problem of the sale refused at once.
 *
 * The store's facts come through SaveFacts, asked as the rules need them: SQLite answers from
 * its transaction as it goes; a server database answers from the rows it read (and locked) first.
 */
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import { issueDateOf } from '../../domain/issue-date.js';
import { issueDateOutsideWindow, type IssueDateWindow } from '../../domain/issue-date-window.js';
import { checkSale, describeProblems, type CheckedSale } from '../../domain/sale-check.js';
import { saleMpesaCodes } from '../../domain/sale-mpesa-codes.js';
import { judgeSaleReferences, type SaleReferenceFacts } from '../../domain/sale-references.js';
import type { SaleProblem } from '../../domain/sent-amount.js';
import type { SaveCashSaleInput } from '../sales-store.js';
import type { SaleToWrite, StoredSaleKey } from '../tables/sale-to-write.js';
import { earlierSave, idempotencyOf } from './sale-idempotency.js';
import { refuseMpesaCodeTaken, type SaleMpesaFacts } from './sale-mpesa-conflict.js';
import { saleRows } from './sale-rows.js';
import { ServiceError } from './service-error.js';

/** A save request checked on its own, before any transaction. */
export interface PreparedSave {
  body: SaveCashSaleBody;
  key: string | undefined;
  hash: string;
  now: number;
  checked: CheckedSale;
  issueDateWindow: IssueDateWindow | undefined;
}

/** Refuses a sale of another company than the caller's (403) and a bad key; works out the amounts. */
export function prepareSave(input: SaveCashSaleInput): PreparedSave {
  const { body } = input;
  if (input.callerCompanyId !== null && input.callerCompanyId !== body.companyId) {
    throw new ServiceError('forbidden', `company ${body.companyId} is not the company of this token`);
  }
  const { key, hash } = idempotencyOf(body, input.idempotencyKey);
  return { body, key, hash, now: input.now ?? Date.now(), checked: checkSale(body), issueDateWindow: input.issueDateWindow };
}

/** What the store holds that a save depends on. */
export interface SaveFacts extends SaleReferenceFacts, SaleMpesaFacts {
  /** The company's sale saved under this Idempotency-Key, if any. */
  saleByIdempotencyKey(companyId: number, key: string): StoredSaleKey | undefined;
  /** The company's time zone; undefined: no such company. */
  companyTimeZone(companyId: number): string | undefined;
  sale(id: number): StoredSaleKey | undefined;
}

export type ComposedSave =
  /** The same request was saved before under its key: answer with that sale, write nothing. */
  { replay: { id: number; receiptNo: string } } | { write: SaleToWrite };

/** The save's outcome over the store's facts; refuses (405, 403) a sale with any problem. */
export function composeSave(prepared: PreparedSave, facts: SaveFacts): ComposedSave {
  const { body, key, hash, now, checked } = prepared;
  if (key !== undefined) {
    const earlier = earlierSave(facts.saleByIdempotencyKey(body.companyId, key), key, hash);
    if (earlier) return { replay: earlier };
  }
  const timeZone = facts.companyTimeZone(body.companyId);
  if (timeZone === undefined) throw new ServiceError('invalidInput', `companyId: no company ${body.companyId}`);

  const existing = body.id !== undefined ? facts.sale(body.id) : undefined;
  const references = judgeSaleReferences(body, checked, existing, facts);
  if (references.foreign.length > 0) throw new ServiceError('forbidden', `not of company ${body.companyId}: ${references.foreign.join(', ')}`);
  const issueDate = body.issueDate === undefined && existing ? existing.issue_date : issueDateOf(body.issueDate, timeZone, now);
  const mpesa = saleMpesaCodes(body, (id) => facts.channelMethod(id));
  const problems = [
    ...checked.problems,
    ...references.problems,
    ...mpesa.problems,
    ...issueDateProblems(body.issueDate, issueDate, now, prepared.issueDateWindow),
  ];
  if (problems.length > 0) throw new ServiceError('invalidInput', `invalid cash sale: ${describeProblems(problems)}`, problems);
  refuseMpesaCodeTaken(mpesa.codes, existing?.id, (code) => facts.mpesaCodeHolder(code));
  return { write: saleRows({ body, checked, references, mpesaCodes: mpesa.codes, issueDate: issueDate!, replaces: existing, key, hash, now }) };
}

/** The refusal of a sale whose unit another sale took between the check and the write. */
export function unitTakenError(line: number, message: string): ServiceError {
  return new ServiceError('invalidInput', `invalid cash sale: itemIssuesDto[${line}].invItemSpecsId: ${message}`);
}

/** The problem of an issue date that is not a calendar date, or (when sent) lies outside the accepted window. */
function issueDateProblems(sent: string | undefined, issueDate: number | undefined, now: number, window: IssueDateWindow | undefined): SaleProblem[] {
  if (issueDate === undefined) return [{ field: 'issueDate', sent, message: `issueDate ${sent} is not a calendar date (YYYY-MM-dd)` }];
  const outside = sent === undefined ? undefined : issueDateOutsideWindow(sent, issueDate, now, window);
  return outside ? [outside] : [];
}
