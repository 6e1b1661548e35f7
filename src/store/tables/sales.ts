/** Row types of the cash-sale tables (migration 2026-11-22-02-sales). Money is integer cents. */
import type { Generated } from 'kysely';

export type PaymentMethodName = 'CASH' | 'MPESA' | 'CHECK';
export type UnitStatus = 'in_stock' | 'sold';

export interface RetailShopsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  location: string | null;
  phone: string | null;
}

export interface WarehousesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  shop_id: number | null;
}

/** Ledger accounts a sale's money is booked to. */
export interface CashbooksTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
}

export interface TaxRatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** 1600 = 16%. */
  rate_bp: number;
}

export interface PaymentChannelsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  method: PaymentMethodName;
}

export interface ItemCategoriesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
}

export interface ItemProductsTable {
  id: Generated<number>;
  company_id: number;
  category_id: number | null;
  name: string;
  code: string;
  price_cents: number;
  cost_cents: number;
  tax_rate_id: number | null;
  /** 1: prices include tax; 0: tax is added. */
  tax_inc_exc: number;
}

/** One serialised unit (a phone with its IMEIs). */
export interface ItemSpecsTable {
  id: Generated<number>;
  company_id: number;
  product_id: number;
  serial_no: string | null;
  imei1: string | null;
  imei2: string | null;
  colour: string | null;
  colour_variant: string | null;
  purchase_price_cents: number;
  sale_price_cents: number;
  warehouse_id: number | null;
  shop_id: number | null;
  status: UnitStatus;
  /** The live sale line that sold the unit; null while in stock. */
  sold_line_id: number | null;
}

/** Serial numbers and IMEIs of units: unique per company across all units and kinds. */
export interface ItemIdentifiersTable {
  company_id: number;
  identifier: string;
  item_spec_id: number;
  kind: 'serial' | 'imei';
}

export interface CashSalesTable {
  id: Generated<number>;
  company_id: number;
  /** Epoch ms. */
  issue_date: number;
  issued_to: string | null;
  issued_to_phone: string | null;
  amount_paid_cents: number;
  payment_method: PaymentMethodName;
  transaction_type: PaymentMethodName;
  ref_no: string | null;
  receipt_no: string;
  notes: string | null;
  cashbook_id: number | null;
  retail_shop_id: number | null;
  user_id: number | null;
  sub_total_cents: number;
  total_discount_cents: number;
  total_tax_cents: number;
  total_amount_cents: number;
  balance_cents: number;
  /** The Idempotency-Key of the request that last wrote the sale, and a hash of its body. */
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** A sale line, with its sale's date, shop and user copied so every list filter is an index range. */
export interface CashSaleLinesTable {
  id: Generated<number>;
  sale_id: number;
  company_id: number;
  line_no: number;
  issue_date: number;
  retail_shop_id: number | null;
  user_id: number | null;
  item_name: string;
  item_product_id: number;
  item_category_id: number | null;
  item_spec_id: number | null;
  price_cents: number;
  original_price_cents: number | null;
  default_price_cents: number | null;
  unit_cost_cents: number;
  /** Quantity in thousandths (0.5 = 500). */
  qty_milli: number;
  discount_cents: number;
  tax_inc_exc: number;
  tax_rate_id: number | null;
  tax_rate_bp: number;
  tax_cents: number;
  line_total_cents: number;
  profit_cents: number;
}

export interface CashSaleChannelsTable {
  id: Generated<number>;
  sale_id: number;
  company_id: number;
  channel_id: number;
  reference_no: string | null;
  amount_cents: number;
  /** Cash handed over when more than amount_cents (the rest was change); else null. */
  tendered_cents: number | null;
  /** The M-Pesa code of a payment through an MPESA channel, unique per company; else null. */
  mpesa_code: string | null;
}

/** Maintained by triggers on cash_sales. */
export interface CashSaleStatsTable {
  company_id: number;
  count: number;
  version: number;
}

export interface SalesTables {
  retail_shops: RetailShopsTable;
  warehouses: WarehousesTable;
  cashbooks: CashbooksTable;
  tax_rates: TaxRatesTable;
  payment_channels: PaymentChannelsTable;
  item_categories: ItemCategoriesTable;
  item_products: ItemProductsTable;
  item_specs: ItemSpecsTable;
  item_identifiers: ItemIdentifiersTable;
  cash_sales: CashSalesTable;
  cash_sale_lines: CashSaleLinesTable;
  cash_sale_channels: CashSaleChannelsTable;
  cash_sale_stats: CashSaleStatsTable;
}
