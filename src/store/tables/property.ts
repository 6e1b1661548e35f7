/**
 * Row types of the property-management tables (migration 2026-11-22-03-property).
 * Money columns end in _cents (integer cents); rates in _bp (basis points); dates are epoch ms.
 */
import type { Generated } from 'kysely';
import type { AllocationPart, ChargeKind } from '../../domain/receipt-allocation.js';
import type { LandlordPaymentType, StatementType } from '../../contract/pay-advice.js';

export interface ZonesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
}

export interface FieldOfficersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  phone: string | null;
}

export interface LandlordsTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface PropertiesTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
  lr_no: string | null;
  email: string | null;
  landlord_id: number;
  zone_id: number | null;
  field_officer_id: number | null;
  man_fee_rate_bp: number;
  lld_payment_type: LandlordPaymentType;
}

/** Utilities and service charges (Service charge, Water, Garbage). */
export interface ServicesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
}

export interface UnitsTable {
  id: Generated<number>;
  company_id: number;
  property_id: number;
  unit_no: string;
  market_rent_cents: number;
  service_charge_cents: number;
  /** The service the unit's monthly service charge is for. */
  service_id: number | null;
  rent_tax_rate_bp: number;
  service_tax_rate_bp: number;
}

export interface TenantsTable {
  id: Generated<number>;
  company_id: number;
  account_no: string;
  name: string;
  phone: string | null;
}

/** A tenant in a unit from start_date to end_date (null: still there). Its id is the report's putmId. */
export interface TenanciesTable {
  id: Generated<number>;
  company_id: number;
  unit_id: number;
  tenant_id: number;
  start_date: number;
  end_date: number | null;
}

export interface ChargesTable {
  id: Generated<number>;
  company_id: number;
  tenancy_id: number;
  kind: ChargeKind;
  service_id: number | null;
  /** 202611 for November 2026: the month the charge is for. */
  month_key: number;
  charge_date: number;
  amount_cents: number;
  tax_cents: number;
  description: string | null;
}

export interface ReceiptsTable {
  id: Generated<number>;
  company_id: number;
  tenancy_id: number;
  receipt_date: number;
  amount_cents: number;
  reference: string | null;
  /** paymentReferenceKey(reference): unique per company where present. */
  reference_key: string | null;
}

/** A receipt's part booked to one charge's amount or tax, or (charge_id null) rent paid in advance. */
export interface ReceiptAllocationsTable {
  id: Generated<number>;
  receipt_id: number;
  tenancy_id: number;
  receipt_date: number;
  charge_id: number | null;
  charge_date: number | null;
  service_id: number | null;
  part: AllocationPart;
  amount_cents: number;
}

export interface ExpensesTable {
  id: Generated<number>;
  company_id: number;
  property_id: number;
  expense_date: number;
  description: string;
  amount_cents: number;
}

export interface LandlordPaymentsTable {
  id: Generated<number>;
  company_id: number;
  landlord_id: number;
  property_id: number | null;
  statement_id: number | null;
  payment_date: number;
  amount_cents: number;
  reference: string | null;
}

export interface StatementsTable {
  id: Generated<number>;
  company_id: number;
  property_id: number;
  landlord_id: number;
  zone_id: number | null;
  year: number;
  month: number;
  month_key: number;
  statement_type: StatementType;
  lld_payment_type: LandlordPaymentType;
  service_id: number | null;
  service_name: string | null;
  property_name: string;
  property_code: string;
  property_email: string | null;
  lr_no: string | null;
  region_name: string | null;
  landlord_code: string;
  landlord_name: string;
  with_effect_from: number;
  with_effect_to: number;
  date_prepared: number;
  due_date: number | null;
  prepared_by_id: number | null;
  prepared_by_name: string | null;
  approved_for_pmt: 'YES' | null;
  date_approved: number | null;
  approved_by_id: number | null;
  approved_by_name: string | null;
  paid_posted: 'YES' | 'NO';
  date_paid: number | null;
  monthly_recon_stmt: 'YES' | 'NO';
  stmt_income_label: string | null;
  rent_details_html: string;
  /** The frozen rent lines (RentLineFigures[], cents) for the document. */
  rents_json: string;
  /** The frozen expense lines (ExpenseInput[], cents). */
  expenses_json: string;
  total_mkt_rent_cents: number;
  total_rent_cents: number;
  total_utility_cents: number;
  rent_invoiced_cents: number;
  rent_invoiced_tax_cents: number;
  utility_invoiced_cents: number;
  rent_bal_bf_cents: number;
  rent_bal_cf_cents: number;
  received_rent_cents: number;
  paid_rent_tax_cents: number;
  received_utility_cents: number;
  tenant_to_lld_cents: number;
  rcpt_from_lld_cents: number;
  expenses_cents: number;
  man_fees_rate_bp: number;
  man_fees_cents: number;
  man_fees_tax_cents: number;
  man_fees_total_cents: number;
  bal_bf_cents: number;
  amt_pyble_cents: number;
  period_income_cents: number;
  period_vat_cents: number;
  period_expense_cents: number;
  less_period_txn_cents: number;
  rental_tax_cents: number;
  rental_tax_comm_cents: number;
  rental_tax_comm_vat_cents: number;
  deferred_amount_cents: number;
  deferred_payment_cents: number;
  /** What this statement (when FINAL) carries into the next month's balanceBf. */
  balance_cf_cents: number;
}

export interface PropertyTables {
  zones: ZonesTable;
  field_officers: FieldOfficersTable;
  landlords: LandlordsTable;
  properties: PropertiesTable;
  services: ServicesTable;
  units: UnitsTable;
  tenants: TenantsTable;
  tenancies: TenanciesTable;
  charges: ChargesTable;
  receipts: ReceiptsTable;
  receipt_allocations: ReceiptAllocationsTable;
  expenses: ExpensesTable;
  landlord_payments: LandlordPaymentsTable;
  statements: StatementsTable;
}
