/**
 * Every id a sale names, checked against the store: an unknown id is a problem of the sale
 * (405, listed with the others); ids of another company are refused together (403). Also the
 * facts of the store a sale must agree with: a tax rate's rate, a unit's product, a unit in stock.
 */
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import { fromBasisPoints } from '../../domain/money.js';
import type { CheckedSale } from '../../domain/sale-check.js';
import type { SaleProblem } from '../../domain/sent-amount.js';
import type { StoredSaleKey } from './cash-sale.repository.js';
import type { Store } from './open-db.js';
import { soldUnitText } from '../../domain/sold-unit-text.js';
import { companyOf, companyTimeZone, productForSale, taxRateForSale, unitForSale, type OwnedKind, type ProductForSale, type UnitForSale } from './sales-reference.repository.js';
import { unitWithSale } from './unit-sale.repository.js';
import { ServiceError } from '../../services/service-error.js';

export interface SaleReferences {
  /** Each line's product, when it is the company's. */
  products: (ProductForSale | undefined)[];
  /** Each line's serialised unit, if it names one. */
  units: (UnitForSale | undefined)[];
  problems: SaleProblem[];
}

/** `existing` is the sale an update replaces (its units count as in stock for it). */
export function checkSaleReferences(store: Store, body: SaveCashSaleBody, checked: CheckedSale, existing: StoredSaleKey | undefined): SaleReferences {
  const problems: SaleProblem[] = [];
  const foreign: string[] = [];
  /** Checks an id's owner: another company's id is refused (403), an unknown one is a problem (405). */
  const owned = (field: string, kind: OwnedKind, id: number | null | undefined, owner?: number): boolean => {
    if (id === null || id === undefined) return false;
    const company = owner ?? companyOf(store, kind, id);
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
    const product = productForSale(store, line.itemProductId);
    products.push(owned(at('itemProductId'), 'itemProduct', line.itemProductId, product?.company_id) ? product : undefined);
    if (line.taxRateId !== null && line.taxRateId !== undefined) {
      const rate = taxRateForSale(store, line.taxRateId);
      if (owned(at('taxRateId'), 'taxRate', line.taxRateId, rate?.company_id) && rate && checked.lines[i]!.terms.taxRateBp !== rate.rate_bp) {
        problems.push({ field: at('taxRate'), sent: line.taxRate, expected: fromBasisPoints(rate.rate_bp), message: `${at('taxRate')} is ${line.taxRate}, expected ${fromBasisPoints(rate.rate_bp)} (tax rate ${line.taxRateId})` });
      }
    }
    const unitId = line.invItemSpecsId;
    if (unitId !== null && unitId !== undefined) {
      const unit = unitForSale(store, unitId);
      units[i] = unit;
      if (owned(at('invItemSpecsId'), 'itemSpec', unitId, unit?.company_id) && unit) {
        if (unit.product_id !== line.itemProductId) {
          problems.push({ field: at('invItemSpecsId'), sent: unitId, message: `${at('invItemSpecsId')}: unit ${unitId} is a unit of product ${unit.product_id}, not of itemProductId ${line.itemProductId}` });
        }
        const soldHere = existing !== undefined && unit.sold_sale_id === existing.id;
        if (unit.status !== 'in_stock' && !soldHere) {
          problems.push({ field: at('invItemSpecsId'), sent: unitId, message: `${at('invItemSpecsId')}: ${soldUnitMessage(store, unitId, body.companyId)}` });
        }
      }
    }
  });

  if (foreign.length > 0) throw new ServiceError('forbidden', `not of company ${body.companyId}: ${foreign.join(', ')}`);
  return { products, units, problems };
}

/** "unit 7 is already sold on receipt R12 ...": which sale sold it, when and by whom. */
export function soldUnitMessage(store: Store, unitId: number, companyId: number): string {
  const unit = unitWithSale(store, unitId);
  return unit ? soldUnitText(unit, companyTimeZone(store, companyId) ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}
