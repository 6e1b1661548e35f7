/**
 * What a save reads for its M-Pesa codes (domain/sale-mpesa-codes.ts): the method of each
 * channel the sale pays through, and which sale of the company already holds each code it
 * names. Read inside the save's unit; a save of the company that takes a code between this
 * read and the write is caught by the unique index cash_sale_channels_mpesa_code, and the save
 * that loses is run again and refused in words (sale-save.ts).
 */
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import { isMpesaCode } from '../../domain/payment-reference.js';
import type { MpesaCodeHolder, SaleMpesaFacts } from '../rules/sale-mpesa-conflict.js';
import { dialects, sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const CHANNEL_METHODS = dialects({
  sqlite: 'select id, method from payment_channels where id in (select value from json_each(?))',
  postgres: 'select id, method from payment_channels where id in (select json_array_elements_text($1::json)::bigint)',
});
const CODE_HOLDER = sql(
  `select c.sale_id, s.receipt_no from cash_sale_channels c join cash_sales s on s.id = c.sale_id
    where c.company_id = ? and c.mpesa_code = ?`,
);

export async function readSaleMpesaFacts(tx: Tx, body: SaveCashSaleBody): Promise<SaleMpesaFacts> {
  const channels = body.channelsDto ?? [];
  if (channels.length === 0) return { channelMethod: () => undefined, mpesaCodeHolder: () => undefined };
  const ids = [...new Set(channels.map((c) => c.channelId))];
  const methods = new Map((await tx.all<{ id: number; method: string }>(CHANNEL_METHODS, [JSON.stringify(ids)])).map((c) => [c.id, c.method]));
  const holders = new Map<string, MpesaCodeHolder>();
  for (const code of new Set(channels.map((c) => c.referenceNo).filter(isMpesaCode))) {
    const holder = await tx.get<MpesaCodeHolder>(CODE_HOLDER, [body.companyId, code]);
    if (holder) holders.set(code, holder);
  }
  return { channelMethod: (id) => methods.get(id), mpesaCodeHolder: (code) => holders.get(code) };
}
