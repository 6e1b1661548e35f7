/**
 * Every schema version, oldest first. A database file is upgraded in place by applying the
 * ones it has not seen; a released migration is never edited, only followed by a new one.
 * Each is loaded when it runs: migrations are written with kysely, which costs about 200 ms
 * to import, and opening an up-to-date database needs only their names.
 */
import type { Migration } from 'kysely';

function loadedWhenRun(load: () => Promise<Migration>): Migration {
  return {
    up: async (db) => (await load()).up(db),
    down: async (db) => (await load()).down?.(db),
  };
}

export const migrations: Record<string, Migration> = {
  '2026-11-22-01-core': loadedWhenRun(() => import('./2026-11-22-01-core.js')),
  '2026-11-22-02-sales': loadedWhenRun(() => import('./2026-11-22-02-sales.js')),
  '2026-11-22-03-property': loadedWhenRun(() => import('./2026-11-22-03-property.js')),
  '2026-11-22-04-ledger-months': loadedWhenRun(() => import('./2026-11-22-04-ledger-months.js')),
  '2026-11-22-05-sale-wire-index': loadedWhenRun(() => import('./2026-11-22-05-sale-wire-index.js')),
  '2026-11-25-01-channel-tendered': loadedWhenRun(() => import('./2026-11-25-01-channel-tendered.js')),
  '2026-11-25-10-user-logins': loadedWhenRun(() => import('./2026-11-25-10-user-logins.js')),
  '2026-11-25-20-ledger-replay': loadedWhenRun(() => import('./2026-11-25-20-ledger-replay.js')),
  '2026-11-26-01-company-currency-tax-number': loadedWhenRun(() => import('./2026-11-26-01-company-currency-tax-number.js')),
  '2026-11-27-01-receipt-reference-key': loadedWhenRun(() => import('./2026-11-27-01-receipt-reference-key.js')),
  '2026-11-27-10-mpesa': loadedWhenRun(() => import('./2026-11-27-10-mpesa.js')),
  '2026-11-27-20-sale-mpesa-code': loadedWhenRun(() => import('./2026-11-27-20-sale-mpesa-code.js')),
  '2026-11-27-30-statement-sends': loadedWhenRun(() => import('./2026-11-27-30-statement-sends.js')),
  '2026-11-27-40-login-attempts': loadedWhenRun(() => import('./2026-11-27-40-login-attempts.js')),
  '2026-11-27-50-shop-phone': loadedWhenRun(() => import('./2026-11-27-50-shop-phone.js')),
};
