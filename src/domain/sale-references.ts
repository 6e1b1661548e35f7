/**
 * The rules of the ids a sale names, over what the store knows of them: an unknown id is a
 * problem of the sale (405, listed with the others); an id of another company is refused (403,
 * all of them named together); a tax rate must be the rate sent, a unit must be of the line's
 * product and in stock (or sold by the very sale an update replaces).
 *
 * Pure: the store's facts come through SaleReferenceFacts, asked one id at a time, so a backend
 * that reads as it goes (SQLite, inside its transaction) and one that read everything first
 * (a server database, rows locked) apply the same rules.
 */
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import { fromBasisPoints } from './money.js';
import type { CheckedSale } from './sale-check.js';
import type { SaleProblem } from './sent-amount.js';

/** Things a sale names by id. */
export type SaleReferenceKind = 'cashSale' | 'retailShop' | 'user' | 'cashbook' | 'paymentChannel' | 'itemProduct' | 'taxRate' | 'itemSpec';

export interface ProductForSale {
  id: number;
  company_id: number;
  category_id: number | null;
  price_cents: number;
}

export interface UnitForSale {
  id: number;
  company_id: number;
  product_id: number;
  /** 'in_stock' when it may be sold. */
  status: string;
  sold_line_id: number | null;
  sale_price_cents: number;
  /** The sale whose live line sold the unit, if sold. */
  sold_sale_id: number | null;
}

export interface TaxRateForSale {
  company_id: number;
  rate_bp: number;
}

/** What the store knows of the ids a sale names; undefined: no such row. */
export interface SaleReferenceFacts {
  companyOf(kind: SaleReferenceKind, id: number): number | undefined;
  product(id: number): ProductForSale | undefined;
  taxRate(id: number): TaxRateForSale | undefined;
  unit(id: number): UnitForSale | undefined;
  /** The words for a unit that is not in stock: "unit 7 ... is already sold: receipt R000123 ...". */
  soldUnitMessage(unitId: number): string;
}

export interface SaleReferences {
  /** Each line's product, when it is the company's. */
  products: (ProductForSale | undefined)[];
  /** Each line's serialised unit, if it names one. */
  units: (UnitForSale | undefined)[];
  problems: SaleProblem[];
  /** The ids of another company ("retailShopId 4"): the sale is refused (403) when there is any. */
  foreign: string[];
}

/** `existing` is the sale an update replaces (its units count as in stock for it). */
export function judgeSaleReferences(
  body: SaveCashSaleBody,
  checked: CheckedSale,
  existing: { id: number; company_id: number } | undefined,
  facts: SaleReferenceFacts,
): SaleReferences {
  const problems: SaleProblem[] = [];
  const foreign: string[] = [];
  /** Checks an id's owner: another company's id is foreign, an unknown one is a problem. */
  const owned = (field: string, kind: SaleReferenceKind, id: number | null | undefined, owner?: number): boolean => {
    if (id === null || id === undefined) return false;
    const company = owner ?? facts.companyOf(kind, id);
    if (company === undefined) {
      problems.push({ field, sent: id, message: `${field}: no ${kind} ${id}` });
      return false;
    }
    if (company !== body.companyId) {
      foreign.push(`${field} ${id}`);
      return false;
    }
    return true;
  };

  if (body.id !== undefined) owned('id', 'cashSale', body.id, existing?.company_id);
  owned('retailShopId', 'retailShop', body.retailShopId);
  owned('userId', 'user', body.userId);
  owned('cashbookId', 'cashbook', body.cashbookId);
  (body.channelsDto ?? []).forEach((channel, i) => owned(`channelsDto[${i}].channelId`, 'paymentChannel', channel.channelId));

  const products: (ProductForSale | undefined)[] = [];
  const units: (UnitForSale | undefined)[] = [];
  body.itemIssuesDto.forEach((line, i) => {
    const at = (name: string) => `itemIssuesDto[${i}].${name}`;
    const product = facts.product(line.itemProductId);
    products.push(owned(at('itemProductId'), 'itemProduct', line.itemProductId, product?.company_id) ? product : undefined);
    if (line.taxRateId !== null && line.taxRateId !== undefined) {
      const rate = facts.taxRate(line.taxRateId);
      if (owned(at('taxRateId'), 'taxRate', line.taxRateId, rate?.company_id) && rate && checked.lines[i]!.terms.taxRateBp !== rate.rate_bp) {
        problems.push({
          field: at('taxRate'),
          sent: line.taxRate,
          expected: fromBasisPoints(rate.rate_bp),
          message: `${at('taxRate')} is ${line.taxRate}, expected ${fromBasisPoints(rate.rate_bp)} (tax rate ${line.taxRateId})`,
        });
      }
    }
    const unitId = line.invItemSpecsId;
    if (unitId !== null && unitId !== undefined) {
      const unit = facts.unit(unitId);
      units[i] = unit;
      if (owned(at('invItemSpecsId'), 'itemSpec', unitId, unit?.company_id) && unit) {
        if (unit.product_id !== line.itemProductId) {
          problems.push({
            field: at('invItemSpecsId'),
            sent: unitId,
            message: `${at('invItemSpecsId')}: unit ${unitId} is a unit of product ${unit.product_id}, not of itemProductId ${line.itemProductId}`,
          });
        }
        const soldHere = existing !== undefined && unit.sold_sale_id === existing.id;
        if (unit.status !== 'in_stock' && !soldHere) {
          problems.push({ field: at('invItemSpecsId'), sent: unitId, message: `${at('invItemSpecsId')}: ${facts.soldUnitMessage(unitId)}` });
        }
      }
    }
  });
  return { products, units, problems, foreign };
}
