export * from './common.js';
export * from './cash-sale.js';
export * from './receipt.js';
export * from './paid-balance.js';
export * from './pay-advice.js';
export * from './statement.js';
export * from './parameter-shapes.js';
export * from './endpoints.js';
