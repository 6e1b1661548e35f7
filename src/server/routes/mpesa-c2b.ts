/**
 * Daraja's C2B validation and confirmation calls (contract/mpesa-c2b.ts). No bearer token: the
 * path's secret names the company (a wrong one is 404, as any unknown path), and only the short
 * codes it configured are taken. A confirmation is booked by the store's exactly-once rule, so
 * Daraja sending it again (it does, when an answer is late) books nothing new.
 */
import type { FastifyInstance } from 'fastify';
import { KnownError } from '../../contract/error-kinds.js';
import {
  ACCEPTED,
  DarajaC2bBody,
  INVALID_ACCOUNT,
  INVALID_AMOUNT,
  INVALID_SHORT_CODE,
  MPESA_CONFIRMATION_PATH,
  MPESA_VALIDATION_PATH,
  MpesaSecretParams,
  type DarajaResult,
} from '../../contract/mpesa-c2b.js';
import type { DarajaPayment } from '../../store/mpesa-store.js';

const text = (value: string | number | undefined): string | undefined => (value === undefined ? undefined : String(value));

function paymentOf(body: DarajaC2bBody): DarajaPayment {
  return {
    TransactionType: body.TransactionType,
    TransID: body.TransID,
    TransTime: String(body.TransTime),
    TransAmount: String(body.TransAmount),
    BusinessShortCode: String(body.BusinessShortCode),
    BillRefNumber: body.BillRefNumber,
    MSISDN: text(body.MSISDN),
    FirstName: body.FirstName,
    MiddleName: body.MiddleName,
    LastName: body.LastName,
  };
}

export async function mpesaC2bRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  const companyOf = async (secret: string): Promise<number> => {
    const companyId = await store.mpesaCompanyOfSecret(secret);
    if (companyId === undefined) throw new KnownError('notFound', 'no such page');
    return companyId;
  };
  const route = { config: { public: true }, schema: { params: MpesaSecretParams, body: DarajaC2bBody } };

  app.post<{ Params: MpesaSecretParams; Body: DarajaC2bBody }>(MPESA_VALIDATION_PATH, route, async (request): Promise<DarajaResult> => {
    const companyId = await companyOf(request.params.secret);
    try {
      return (await store.validateMpesaPayment(companyId, paymentOf(request.body))) ? ACCEPTED : INVALID_ACCOUNT;
    } catch (error) {
      // Daraja reads a refusal from the result code, not the HTTP status.
      if (error instanceof KnownError && error.kind === 'forbidden') return INVALID_SHORT_CODE;
      if (error instanceof KnownError && error.kind === 'badRequest') return INVALID_AMOUNT;
      throw error;
    }
  });

  app.post<{ Params: MpesaSecretParams; Body: DarajaC2bBody }>(MPESA_CONFIRMATION_PATH, route, async (request): Promise<DarajaResult> => {
    const companyId = await companyOf(request.params.secret);
    const outcome = await store.confirmMpesaPayment(companyId, paymentOf(request.body), app.context.now());
    request.log.info({ transId: request.body.TransID, outcome: outcome.kind }, 'M-Pesa confirmation');
    return ACCEPTED;
  });
}
