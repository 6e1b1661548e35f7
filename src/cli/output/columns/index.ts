export * from './types.js';
export { cashSaleColumns } from './cash-sale.js';
export { saleItemColumns } from './sale-item.js';
export { itemSpecColumns } from './item-spec.js';
export { paidBalanceColumns } from './paid-balance.js';
export { rentLineColumns, expenseLineColumns, payAdviceSummaryColumns } from './pay-advice.js';
export { statementColumns } from './statement.js';
