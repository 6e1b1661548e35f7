/**
 * Every schema version, oldest first. A database file is upgraded in place by applying the
 * ones it has not seen; a released migration is never edited, only followed by a new one.
 */
import type { Migration } from 'kysely';
import * as core from './2026-11-22-01-core.js';
import * as sales from './2026-11-22-02-sales.js';
import * as property from './2026-11-22-03-property.js';
import * as ledgerMonths from './2026-11-22-04-ledger-months.js';

export const migrations: Record<string, Migration> = {
  '2026-11-22-01-core': core,
  '2026-11-22-02-sales': sales,
  '2026-11-22-03-property': property,
  '2026-11-22-04-ledger-months': ledgerMonths,
};
