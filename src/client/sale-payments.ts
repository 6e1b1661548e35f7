/**
 * How sales were paid, from the local server (GET /api/local/sale-payments): a map from sale id
 * to its payments, in the order taken. `undefined` from a server without the endpoint; the
 * sale records' own amountPaid and paymentMethod are then all there is.
 */
import { MAX_SALE_PAYMENT_IDS, SALE_PAYMENTS_PATH, SalePaymentsResponse, type SalePayment } from '../contract/sale-payments.js';
import { getLocal, type LocalEndpointTarget } from './local-endpoint.js';

export async function fetchSalePayments(
  target: LocalEndpointTarget,
  companyId: number,
  saleIds: readonly number[],
): Promise<Map<number, SalePayment[]> | undefined> {
  const ids = [...new Set(saleIds)];
  const bySale = new Map<number, SalePayment[]>(ids.map((id) => [id, []]));
  for (let at = 0; at < ids.length; at += MAX_SALE_PAYMENT_IDS) {
    const chunk = ids.slice(at, at + MAX_SALE_PAYMENT_IDS);
    const reply = await getLocal(target, {
      path: SALE_PAYMENTS_PATH,
      query: { companyId, saleIds: chunk.join(',') },
      operation: 'sale payments',
      schema: SalePaymentsResponse,
    });
    if (!reply) return undefined;
    for (const payment of reply.list) bySale.get(payment.saleId)?.push(payment);
  }
  return bySale;
}
