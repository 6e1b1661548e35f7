/**
 * Live paybill payments, as Daraja's C2B calls bring them to `serve`. The validation call asks
 * before the payment completes whether the account matches a tenancy; the confirmation reports
 * a completed payment, which is booked by the same matching and the same exactly-once rule as a
 * statement's (rules/mpesa-import-plan.ts): a confirmation sent twice books once, and one that
 * matches nothing is kept in mpesa_unmatched (once) until an accountant assigns it by importing
 * the list of kept payments with their tenant_account filled.
 */
import { toCentsText } from '../rules/mpesa-daraja.js';
import { planMpesaImport } from '../rules/mpesa-import-plan.js';
import { paymentMatcher } from '../rules/mpesa-matching.js';
import { darajaTime, type StatementPayment } from '../rules/mpesa-statement.js';
import { badRequestError, ServiceError } from '../rules/service-error.js';
import type { ConfirmationOutcome, DarajaPayment, KeptPayment } from '../mpesa-store.js';
import { paymentReferenceKey } from '../../domain/payment-reference.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { bookReceipts } from './book-receipts.js';
import { readBooked, readMatchFacts } from './mpesa-reads.js';
import { companyOrThrow } from './property-reads.js';

const COMPANY_OF_SECRET = sql('select company_id as "companyId" from mpesa_settings where url_secret = ?');
const TAKES_CODE = sql('select 1 as yes from mpesa_short_codes where company_id = ? and short_code = ?');
const KEPT = sql('select id from mpesa_unmatched where company_id = ? and trans_key = ?');
const OPEN_KEPT = sql(`select id, trans_id as code, trans_time as time, amount_cents as amount, short_code as "shortCode", bill_ref as account,
         coalesce(msisdn, '') as msisdn, coalesce(payer, '') as payer
    from mpesa_unmatched where company_id = ? and receipt_id is null order by trans_time, id`);

export async function companyOfSecret(tx: Tx, secret: string): Promise<number | undefined> {
  return (await tx.get<{ companyId: number }>(COMPANY_OF_SECRET, [secret]))?.companyId;
}

/** The payment as a statement line, or a refusal (400) naming the field Daraja sent wrong. */
function paymentOf(payment: DarajaPayment): StatementPayment {
  const time = darajaTime(payment.TransTime);
  if (time === undefined) throw badRequestError(`TransTime ${JSON.stringify(payment.TransTime)} is not YYYYMMDDHHmmss`);
  const amount = toCentsText(payment.TransAmount);
  if (amount === undefined || amount <= 0) throw badRequestError(`TransAmount ${JSON.stringify(payment.TransAmount)} is not an amount more than 0`);
  if (paymentReferenceKey(payment.TransID) === null) throw badRequestError('TransID is empty');
  const name = [payment.FirstName, payment.MiddleName, payment.LastName].filter((n) => n).join(' ');
  return {
    kind: 'payment',
    line: 1,
    code: payment.TransID.trim(),
    time,
    amount,
    account: payment.BillRefNumber ?? '',
    typed: payment.BillRefNumber ?? '',
    party: `${payment.MSISDN ?? ''} - ${name}`,
  };
}

async function refuseOtherShortCode(tx: Tx, companyId: number, payment: DarajaPayment): Promise<void> {
  if (!(await tx.get(TAKES_CODE, [companyId, payment.BusinessShortCode]))) {
    throw new ServiceError('forbidden', `short code ${payment.BusinessShortCode} is not one this company takes payments for`);
  }
}

export async function validateMpesaPayment(tx: Tx, companyId: number, payment: DarajaPayment): Promise<boolean> {
  await refuseOtherShortCode(tx, companyId, payment);
  const line = paymentOf(payment);
  const found = paymentMatcher(await readMatchFacts(tx, companyId))(line.account, line.time, line.party);
  return found.kind !== 'unmatched';
}

export async function confirmMpesaPayment(tx: Tx, companyId: number, payment: DarajaPayment, now: number): Promise<ConfirmationOutcome> {
  const company = await companyOrThrow(tx, companyId);
  await refuseOtherShortCode(tx, companyId, payment);
  const line = paymentOf(payment);
  const key = paymentReferenceKey(line.code)!;
  if (await tx.get(KEPT, [companyId, key])) return { kind: 'already' };
  const plan = planMpesaImport([line], paymentMatcher(await readMatchFacts(tx, companyId)), await readBooked(tx, companyId, [key]), company.timeZone);
  const receipt = plan.receipts[0];
  if (receipt) {
    await tx.lockRows('tenancies', [receipt.tenancyId]);
    const [receiptId] = await bookReceipts(tx, companyId, company.timeZone, [receipt]);
    return { kind: 'booked', receiptId: receiptId! };
  }
  const aside = plan.setAside[0];
  if (!aside) return { kind: 'already' };
  const unmatchedId = await tx.insert('mpesa_unmatched', {
    company_id: companyId,
    trans_id: line.code,
    trans_key: key,
    trans_time: line.time,
    amount_cents: line.amount,
    short_code: payment.BusinessShortCode,
    bill_ref: line.account,
    msisdn: payment.MSISDN ?? null,
    payer: [payment.FirstName, payment.MiddleName, payment.LastName].filter((n) => n).join(' ') || null,
    received_at: now,
  });
  return { kind: 'kept', unmatchedId };
}

export async function mpesaUnmatched(tx: Tx, companyId: number): Promise<KeptPayment[]> {
  const rows = await tx.all<{ id: number; code: string; time: number; amount: number; shortCode: string; account: string; msisdn: string; payer: string }>(
    OPEN_KEPT,
    [companyId],
  );
  if (rows.length === 0) return [];
  const match = paymentMatcher(await readMatchFacts(tx, companyId));
  return rows.map((r) => {
    const party = `${r.msisdn} - ${r.payer}`;
    const found = match(r.account, r.time, party);
    return {
      id: r.id,
      code: r.code,
      time: r.time,
      amount: r.amount,
      shortCode: r.shortCode,
      account: r.account,
      party,
      why: found.kind === 'matched' ? `matches ${found.tenantAccount} now` : found.reason,
      candidates: found.kind === 'matched' ? [found.tenantAccount] : found.candidates,
    };
  });
}
