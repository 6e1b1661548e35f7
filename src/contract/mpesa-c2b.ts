/**
 * Safaricom Daraja's C2B calls, as Daraja posts them to a paybill's URLs (not part of the
 * service interface): the validation call before a payment completes, the confirmation after.
 * Daraja sends no token: the path carries the company's secret (`shopprop local mpesa url`).
 * Amounts and times are strings (TransTime YYYYMMDDHHmmss, East Africa Time); fields Daraja
 * adds later are accepted and ignored.
 */
import { Type, type Static } from '@sinclair/typebox';

export const MPESA_CONFIRMATION_PATH = '/mpesa/:secret/confirmation';
export const MPESA_VALIDATION_PATH = '/mpesa/:secret/validation';

const Text = Type.String({ maxLength: 200 });
const TextOrNumber = Type.Union([Type.String({ maxLength: 40 }), Type.Number()]);

export const DarajaC2bBody = Type.Object(
  {
    TransactionType: Type.Optional(Text),
    TransID: Type.String({ minLength: 1, maxLength: 100 }),
    TransTime: TextOrNumber,
    TransAmount: TextOrNumber,
    BusinessShortCode: TextOrNumber,
    BillRefNumber: Type.Optional(Text),
    InvoiceNumber: Type.Optional(Text),
    OrgAccountBalance: Type.Optional(TextOrNumber),
    ThirdPartyTransID: Type.Optional(Text),
    MSISDN: Type.Optional(TextOrNumber),
    FirstName: Type.Optional(Text),
    MiddleName: Type.Optional(Text),
    LastName: Type.Optional(Text),
  },
  { additionalProperties: true },
);
export type DarajaC2bBody = Static<typeof DarajaC2bBody>;

export const MpesaSecretParams = Type.Object({ secret: Type.String({ maxLength: 200 }) });
export type MpesaSecretParams = Static<typeof MpesaSecretParams>;

/** What Daraja expects back: 0 accepts; C2B00012 rejects an invalid account number, C2B00015 an invalid short code. */
export const DarajaResult = Type.Object({ ResultCode: Type.Union([Type.Literal(0), Type.String()]), ResultDesc: Type.String() });
export type DarajaResult = Static<typeof DarajaResult>;

export const ACCEPTED: DarajaResult = { ResultCode: 0, ResultDesc: 'Accepted' };
export const INVALID_ACCOUNT: DarajaResult = { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };
export const INVALID_AMOUNT: DarajaResult = { ResultCode: 'C2B00013', ResultDesc: 'Rejected' };
export const INVALID_SHORT_CODE: DarajaResult = { ResultCode: 'C2B00015', ResultDesc: 'Rejected' };
