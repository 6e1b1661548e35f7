/**
 * Item catalog specifics for receipts (4.3): the serialised units in stock.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AfterId, Envelope, Id, Limit, Money, Nullable, Start } from './common.js';

/**
 * 2.4. `id` is the serialised unit (the invItemSpecsId a sale line names), `itemSpecId` the
 * catalog product. The optional fields after `limitPropertyByIds` are added by the local
 * server so a client can compose a sale line (DOMAIN.md); other servers may omit them.
 */
export const ItemCatalogSpecRecord = Type.Object({
  id: Id,
  rowId: Type.Integer({ minimum: 0 }),
  itemSpecId: Id,
  itemCategory: Nullable(Type.String()),
  itemName: Nullable(Type.String()),
  itemCode: Nullable(Type.String()),
  serialNo: Nullable(Type.String()),
  imei1: Nullable(Type.String()),
  imei2: Nullable(Type.String()),
  color: Nullable(Type.String()),
  colorVariant: Nullable(Type.String()),
  purchasePrice: Money,
  salePrice: Money,
  qty: Type.Number(),
  warehouseId: Nullable(Id),
  warehouse: Nullable(Type.String()),
  shopId: Nullable(Id),
  shop: Nullable(Type.String()),
  companyId: Nullable(Id),
  limitRegionByIds: Nullable(Type.Unknown()),
  limitPropertyByIds: Nullable(Type.Unknown()),
  itemProductId: Type.Optional(Nullable(Id)),
  itemProductCatId: Type.Optional(Nullable(Id)),
  taxRateId: Type.Optional(Nullable(Id)),
  taxRate: Type.Optional(Nullable(Type.Number())),
  taxIncExc: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1 }))),
});
export type ItemCatalogSpecRecord = Static<typeof ItemCatalogSpecRecord>;

export const ReceiptSpecsQuery = Type.Object({
  companyId: Id,
  start: Type.Optional(Start),
  limit: Type.Optional(Limit),
  afterId: Type.Optional(AfterId),
});
export type ReceiptSpecsQuery = Static<typeof ReceiptSpecsQuery>;
export const ReceiptSpecsResponse = Envelope(ItemCatalogSpecRecord);
export type ReceiptSpecsResponse = Static<typeof ReceiptSpecsResponse>;
