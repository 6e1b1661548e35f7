/**
 * A company's paybill settings: the secret of its confirmation URL, the account format of its
 * units' references, the short codes it takes. A short code belongs to one company (unique).
 */
import { accountFormatProblem } from '../../domain/mpesa-account.js';
import type { MpesaSettings, MpesaSettingsChange } from '../mpesa-store.js';
import { badRequestError, conflictError } from '../rules/service-error.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { readMpesaSettings } from './mpesa-reads.js';
import { companyOrThrow } from './property-reads.js';

const SET_SECRET = sql('update mpesa_settings set url_secret = ? where company_id = ?');
const SET_FORMAT = sql('update mpesa_settings set account_format = ? where company_id = ?');
const CODE_OWNER = sql('select company_id as "companyId" from mpesa_short_codes where short_code = ?');
const REMOVE_CODE = sql('delete from mpesa_short_codes where company_id = ? and short_code = ?');

export async function configureMpesa(tx: Tx, change: MpesaSettingsChange): Promise<MpesaSettings> {
  await companyOrThrow(tx, change.companyId);
  if (change.accountFormat !== undefined) {
    const problem = accountFormatProblem(change.accountFormat);
    if (problem) throw badRequestError(`account format ${JSON.stringify(change.accountFormat)} ${problem}`);
  }
  const existing = await readMpesaSettings(tx, change.companyId);
  if (!existing) {
    await tx.insert('mpesa_settings', {
      company_id: change.companyId,
      url_secret: change.newSecret,
      ...(change.accountFormat === undefined ? {} : { account_format: change.accountFormat }),
    });
  } else {
    if (change.rotateSecret) await tx.run(SET_SECRET, [change.newSecret, change.companyId]);
    if (change.accountFormat !== undefined) await tx.run(SET_FORMAT, [change.accountFormat, change.companyId]);
  }
  for (const code of change.addShortCodes ?? []) {
    if (!/^\d{5,7}$/.test(code)) throw badRequestError(`short code ${JSON.stringify(code)} is not a paybill number (5 to 7 digits)`);
    const owner = await tx.get<{ companyId: number }>(CODE_OWNER, [code]);
    if (owner && owner.companyId !== change.companyId) throw conflictError(`short code ${code} is taken by company ${owner.companyId}`);
    if (!owner) await tx.insert('mpesa_short_codes', { company_id: change.companyId, short_code: code });
  }
  for (const code of change.removeShortCodes ?? []) await tx.run(REMOVE_CODE, [change.companyId, code]);
  return (await readMpesaSettings(tx, change.companyId))!;
}
