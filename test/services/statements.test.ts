import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/store/rules/service-error.js';
import { approveStatement, importLedger, markStatementPaid, payAdviceReport, prepareStatement, statementsReport } from '../helpers/sqlite-units.js';
import { FRANK, MARCH_COMBINED, MARCH_COMBINED_STATEMENT } from '../fixtures/baobab-court.js';
import { baobabStore } from '../helpers/baobab-store.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fresh() {
  const fixture = await baobabStore();
  close = fixture.close;
  return fixture;
}

const APRIL_5 = () => Date.UTC(2026, 3, 5, 7);

async function refusal(run: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('landlord statement workflow', () => {
  it('freezes the pay advice of the month, with the statement’s own field names', async () => {
    const { store, ids, adminUserId } = await fresh();
    const statement = await prepareStatement(store, {
      companyId: 1,
      propertyId: ids.propertyId,
      month: 3,
      year: 2026,
      final: false,
      preparedByUserId: adminUserId,
      lldPaymentType: 'COMBINED',
      now: APRIL_5,
    });
    expect(statement).toMatchObject({
      ...MARCH_COMBINED_STATEMENT,
      statementType: 'INTERIM',
      month: 'MARCH',
      year: 2026,
      lldPmtType: 'COMBINED',
      propertyName: 'Baobab Court',
      lldName: 'Grace Wanjiku',
      lrNo: 'NAIROBI/BLOCK7/1234',
      regionName: 'Fixture Zone',
      datePrepared: APRIL_5(),
      prepareByName: 'Savanna Admin',
    });
    expect(statement.approvedForPmt).toBeUndefined();
    const advice = await payAdviceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 });
    expect(statement.amtPyble).toBe(advice.netAmountDue);
    expect(statement.amtPyble).toBe(MARCH_COMBINED.netAmountDue);
    // Every value of the rent table is escaped.
    expect(statement.rentDetailsHtml).toContain('Frank &lt;O&#39;Brien&gt; &amp; &quot;Sons&quot;');
    expect(statement.rentDetailsHtml).not.toContain(FRANK);
  });

  it('replaces an unpaid INTERIM of the same month with a new one', async () => {
    const { store, ids, adminUserId } = await fresh();
    const base = { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026, final: false, preparedByUserId: adminUserId, now: APRIL_5 };
    const first = await prepareStatement(store, base);
    const second = await prepareStatement(store, { ...base, lldPaymentType: 'RENT_ONLY' });
    const list = await statementsReport(store, { companyId: 1, landlordId: ids.landlordId, paidPosted: 'ALL' });
    expect(list.list.map((s) => s.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });

  it('a FINAL is unique per property and month and cannot be replaced', async () => {
    const { store, ids, adminUserId } = await fresh();
    const base = { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026, preparedByUserId: adminUserId, now: APRIL_5 };
    const final = await prepareStatement(store, { ...base, final: true });
    expect(final.statementType).toBe('FINAL');
    expect(await refusal(() => prepareStatement(store, { ...base, final: true }))).toMatchObject({ kind: 'conflict' });
    expect((await refusal(() => prepareStatement(store, { ...base, final: false }))).message).toMatch(/already has a FINAL statement for 3\/2026/);
    // The database itself refuses a second FINAL, whatever the code above it does.
    const copy = store.sqlite.prepare(
      'insert into statements select null as id, * from (select company_id, property_id, landlord_id, zone_id, year, month, month_key, statement_type, lld_payment_type, service_id, service_name, property_name, property_code, property_email, lr_no, region_name, landlord_code, landlord_name, with_effect_from, with_effect_to, date_prepared, due_date, prepared_by_id, prepared_by_name, approved_for_pmt, date_approved, approved_by_id, approved_by_name, paid_posted, date_paid, monthly_recon_stmt, stmt_income_label, rent_details_html, rents_json, expenses_json, total_mkt_rent_cents, total_rent_cents, total_utility_cents, rent_invoiced_cents, rent_invoiced_tax_cents, utility_invoiced_cents, rent_bal_bf_cents, rent_bal_cf_cents, received_rent_cents, paid_rent_tax_cents, received_utility_cents, tenant_to_lld_cents, rcpt_from_lld_cents, expenses_cents, man_fees_rate_bp, man_fees_cents, man_fees_tax_cents, man_fees_total_cents, bal_bf_cents, amt_pyble_cents, period_income_cents, period_vat_cents, period_expense_cents, less_period_txn_cents, rental_tax_cents, rental_tax_comm_cents, rental_tax_comm_vat_cents, deferred_amount_cents, deferred_payment_cents, balance_cf_cents from statements where id = ?)',
    );
    expect(() => copy.run(final.id)).toThrow(/UNIQUE constraint failed/);
  });

  it('keeps a FINAL’s figures when the ledger changes afterwards', async () => {
    const { store, ids, adminUserId } = await fresh();
    const final = await prepareStatement(store, {
      companyId: 1,
      propertyId: ids.propertyId,
      month: 3,
      year: 2026,
      final: true,
      preparedByUserId: adminUserId,
      now: APRIL_5,
    });
    await importLedger(store, 1, 'receipts', 'property_code,unit_no,tenant_account,date,amount\nBAO,A2,BAO-02,2026-03-30,5000\n');
    const live = await payAdviceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 });
    expect(live.rentReceived).toBe(57000);
    expect(live.statementType).toBe('FINAL');
    const stored = (await statementsReport(store, { companyId: 1, landlordId: ids.landlordId, paidPosted: 'ALL' })).list[0]!;
    expect(stored.recievedRent).toBe(final.recievedRent);
    expect(stored.recievedRent).toBe(52000);
  });

  it('carries a FINAL’s negative balance into the next month’s balanceBf', async () => {
    const { store, ids, adminUserId } = await fresh();
    const march = await prepareStatement(store, {
      companyId: 1,
      propertyId: ids.propertyId,
      month: 3,
      year: 2026,
      final: true,
      preparedByUserId: adminUserId,
      lldPaymentType: 'SERVICE_CHARGE_ONLY',
      srvcId: ids.serviceId,
      now: APRIL_5,
    });
    expect(march.amtPyble).toBe(-564);
    const april = await payAdviceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 4, year: 2026 });
    expect(april.balanceBf).toBe(-564);
    expect(april.netAmountDue).toBe(-564);
    const may = await payAdviceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 5, year: 2026 });
    expect(may.balanceBf).toBe(-564); // still the last FINAL before May
    // An INTERIM carries nothing; a positive FINAL carries nothing (it is paid out).
    const february = await payAdviceReport(store, { companyId: 1, propertyId: ids.propertyId, month: 2, year: 2026 });
    expect(february.balanceBf).toBe(0);
  });

  it('closes months in order: no FINAL for a month before an existing FINAL', async () => {
    const { store, ids, adminUserId } = await fresh();
    await prepareStatement(store, { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026, final: true, preparedByUserId: adminUserId, now: APRIL_5 });
    expect(
      (
        await refusal(() =>
          prepareStatement(store, { companyId: 1, propertyId: ids.propertyId, month: 2, year: 2026, final: true, preparedByUserId: adminUserId, now: APRIL_5 }),
        )
      ).message,
    ).toMatch(/later month/);
  });

  it('approves, then marks paid, recording the payment to the landlord', async () => {
    const { store, ids, adminUserId } = await fresh();
    const s = await prepareStatement(store, {
      companyId: 1,
      propertyId: ids.propertyId,
      month: 3,
      year: 2026,
      final: true,
      preparedByUserId: adminUserId,
      now: APRIL_5,
    });
    expect((await refusal(() => markStatementPaid(store, { statementId: s.id, userId: adminUserId }))).message).toMatch(/not approved/);
    const approved = await approveStatement(store, { statementId: s.id, companyId: 1, userId: adminUserId, now: () => APRIL_5() + 1000 });
    expect(approved).toMatchObject({ approvedForPmt: 'YES', dateApproved: APRIL_5() + 1000, approvedById: adminUserId, approvedByName: 'Savanna Admin' });
    expect((await refusal(() => approveStatement(store, { statementId: s.id, userId: adminUserId }))).kind).toBe('conflict');
    expect((await statementsReport(store, { companyId: 1, landlordId: ids.landlordId, paidPosted: 'YES' })).count).toBe(0);
    await markStatementPaid(store, { statementId: s.id, userId: adminUserId, reference: 'EFT-1' });
    expect((await statementsReport(store, { companyId: 1, landlordId: ids.landlordId, paidPosted: 'YES' })).count).toBe(1);
    expect((await statementsReport(store, { companyId: 1, landlordId: ids.landlordId, paidPosted: 'NO' })).count).toBe(0);
    expect(store.sqlite.prepare('select amount_cents, reference from landlord_payments where statement_id = ?').get(s.id)).toEqual({
      amount_cents: 4_691_200,
      reference: 'EFT-1',
    });
    expect((await refusal(() => markStatementPaid(store, { statementId: s.id, userId: adminUserId }))).message).toMatch(/already marked paid/);
  });

  it('refuses unknown statements, other companies’ statements and users', async () => {
    const { store, ids, adminUserId } = await fresh();
    expect((await refusal(() => approveStatement(store, { statementId: 999, userId: null }))).kind).toBe('notFound');
    const s = await prepareStatement(store, {
      companyId: 1,
      propertyId: ids.propertyId,
      month: 3,
      year: 2026,
      final: false,
      preparedByUserId: null,
      now: APRIL_5,
    });
    expect(s.prepareByName).toBe('Local administrator');
    expect((await refusal(() => approveStatement(store, { statementId: s.id, companyId: 2, userId: null }))).kind).toBe('notFound');
    expect(
      (await refusal(() => prepareStatement(store, { companyId: 2, propertyId: ids.propertyId, month: 3, year: 2026, final: false, preparedByUserId: null })))
        .kind,
    ).toBe('notFound');
    const otherAdmin = adminUserId + 1;
    expect(
      (
        await refusal(() =>
          prepareStatement(store, { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026, final: false, preparedByUserId: otherAdmin }),
        )
      ).kind,
    ).toBe('badRequest');
  });
});
