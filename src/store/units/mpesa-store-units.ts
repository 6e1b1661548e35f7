/**
 * The M-Pesa area of the store interface (../mpesa-store.ts) on any engine: each method one
 * unit of work of the engine, written once in this folder.
 */
import type { MpesaStore } from '../mpesa-store.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { importMpesaStatement } from './mpesa-import.js';
import { companyOfSecret, confirmMpesaPayment, mpesaUnmatched, validateMpesaPayment } from './mpesa-live.js';
import { readMpesaSettings } from './mpesa-reads.js';
import { configureMpesa } from './mpesa-settings.js';

export function mpesaStoreOn(engine: Engine): MpesaStore {
  return {
    mpesaSettings: (companyId) => engine.unit('read', (tx) => readMpesaSettings(tx, companyId)),
    // Serializable: a short code taken by two companies at once is refused to one of them.
    configureMpesa: (change) => engine.unit('serializable', (tx) => configureMpesa(tx, change), { retryOnUniqueViolation: true }),
    importMpesaStatement: (companyId, lines, options) => importMpesaStatement(engine, companyId, lines, options),
    mpesaCompanyOfSecret: (secret) => engine.unit('read', (tx) => companyOfSecret(tx, secret)),
    validateMpesaPayment: (companyId, payment) => engine.unit('read', (tx) => validateMpesaPayment(tx, companyId, payment)),
    // A confirmation delivered twice at once: the second is run again after the first's unique key, and finds it.
    confirmMpesaPayment: (companyId, payment, now) =>
      engine.unit('write', (tx) => confirmMpesaPayment(tx, companyId, payment, now), { retryOnUniqueViolation: true }),
    mpesaUnmatched: (companyId) => engine.unit('read', (tx) => mpesaUnmatched(tx, companyId)),
  };
}
