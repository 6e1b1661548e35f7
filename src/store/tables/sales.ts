/** Row types of the cash-sale tables (filled in with the cash-sale schema). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SalesTables {}
