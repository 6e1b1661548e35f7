/**
 * The PostgreSQL schema versions, oldest first: the same tables, columns and guards as the
 * SQLite store's (../../migrations/) after all of its versions. A change to the schema is a
 * new version in both folders; test/store/postgres-schema.test.ts compares the two.
 */
import type { Migration } from 'kysely';
import * as core from './2026-11-25-01-core.js';
import * as sales from './2026-11-25-02-sales.js';
import * as property from './2026-11-25-03-property.js';
import * as companyCurrency from './2026-11-26-01-company-currency-tax-number.js';
import * as receiptReferenceKey from './2026-11-27-01-receipt-reference-key.js';
import * as mpesa from './2026-11-27-10-mpesa.js';
import * as saleMpesaCode from './2026-11-27-20-sale-mpesa-code.js';
import * as statementSends from './2026-11-27-30-statement-sends.js';
import * as loginAttempts from './2026-11-27-40-login-attempts.js';
import * as shopPhone from './2026-11-27-50-shop-phone.js';
import * as saleWireJson from './2026-11-27-60-sale-wire-json.js';

export const postgresMigrations: Record<string, Migration> = {
  '2026-11-25-01-core': core,
  '2026-11-25-02-sales': sales,
  '2026-11-25-03-property': property,
  '2026-11-26-01-company-currency-tax-number': companyCurrency,
  '2026-11-27-01-receipt-reference-key': receiptReferenceKey,
  '2026-11-27-10-mpesa': mpesa,
  '2026-11-27-20-sale-mpesa-code': saleMpesaCode,
  '2026-11-27-30-statement-sends': statementSends,
  '2026-11-27-40-login-attempts': loginAttempts,
  '2026-11-27-50-shop-phone': shopPhone,
  '2026-11-27-60-sale-wire-json': saleWireJson,
};
