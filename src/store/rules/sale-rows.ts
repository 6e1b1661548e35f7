/**
 * A checked cash sale as the rows the store writes (store/cash-sale.repository.ts writeSale):
 * the amounts the domain worked out, and what the store said of its products and units.
 */
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { CheckedSale } from '../../domain/sale-check.js';
import type { SaleReferences } from '../../domain/sale-references.js';
import { type SaleHeaderRow, type SaleToWrite } from '../tables/sale-to-write.js';
import { storedPhone } from '../../domain/phone-number.js';

export interface SaleFacts {
  body: SaveCashSaleBody;
  checked: CheckedSale;
  /** Each line's product and unit, as checked (every line's product is the company's). */
  references: Pick<SaleReferences, 'products' | 'units'>;
  /** Each channel's M-Pesa code, as checked (domain/sale-mpesa-codes.ts); null for other channels. */
  mpesaCodes: readonly (string | null)[];
  issueDate: number;
  /** The sale an update replaces. */
  replaces: { id: number; receipt_no: string } | undefined;
  /** The Idempotency-Key of a new sale and its request's hash. */
  key: string | undefined;
  hash: string;
  now: number;
}

export function saleRows({ body, checked, references, mpesaCodes, issueDate, replaces, key, hash, now }: SaleFacts): SaleToWrite {
  const header: SaleHeaderRow = {
    company_id: body.companyId,
    issue_date: issueDate,
    issued_to: body.issuedTo,
    // One form for every number (E.164), however it was typed: the sale check refused what is no number.
    issued_to_phone: storedPhone(body.issuedToPhone) ?? body.issuedToPhone,
    amount_paid_cents: checked.amountPaidCents,
    payment_method: body.paymentMethod,
    transaction_type: body.transactionType,
    ref_no: body.refNo,
    notes: body.notes,
    cashbook_id: body.cashbookId,
    retail_shop_id: body.retailShopId,
    user_id: body.userId,
    sub_total_cents: checked.totals.subTotalCents,
    total_discount_cents: checked.totals.totalDiscountCents,
    total_tax_cents: checked.totals.totalTaxCents,
    total_amount_cents: checked.totals.totalAmountCents,
    balance_cents: checked.balanceCents,
    updated_at: now,
  };
  const lines = body.itemIssuesDto.map((line, i) => {
    const { terms, amounts } = checked.lines[i]!;
    const product = references.products[i]!;
    return {
      item_name: line.item,
      item_product_id: line.itemProductId,
      item_category_id: product.category_id,
      item_spec_id: line.invItemSpecsId ?? null,
      price_cents: terms.priceCents,
      original_price_cents: references.units[i]?.sale_price_cents ?? product.price_cents,
      default_price_cents: product.price_cents,
      unit_cost_cents: terms.unitCostCents,
      qty_milli: terms.qtyMilli,
      discount_cents: terms.discountCents,
      tax_inc_exc: terms.taxIncExc,
      tax_rate_id: line.taxRateId ?? null,
      tax_rate_bp: terms.taxRateBp,
      tax_cents: amounts.taxCents,
      line_total_cents: amounts.lineTotalCents,
      profit_cents: amounts.profitCents,
    };
  });
  const channels = (body.channelsDto ?? []).map((channel, i) => ({
    channel_id: channel.channelId,
    reference_no: channel.referenceNo,
    amount_cents: checked.channelCents[i]!,
    tendered_cents: checked.tenderedCents[i] ?? null,
    mpesa_code: mpesaCodes[i] ?? null,
  }));
  return {
    header,
    lines,
    channels,
    replaces,
    created: { idempotency_key: key ?? null, request_hash: key ? hash : null, created_at: now },
  };
}
