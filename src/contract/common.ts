/**
 * Building blocks shared by every resource of the wire contract
 * (spec/service-interface.md sections 2.1, 7 and 8).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Identifiers are positive whole numbers on the wire. */
export const Id = Type.Integer({ minimum: 1 });
/** Money on the wire: a decimal number with at most two decimals (cents inside). */
export const Money = Type.Number();
/** Milliseconds since the Unix epoch. */
export const EpochMs = Type.Number();
/** Request dates are `YYYY-MM-dd`. */
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The collection envelope: `count` is the total number of matching records, `list` one page. */
export const Envelope = <T extends TSchema>(record: T) => Type.Object({ count: Type.Integer({ minimum: 0 }), list: Type.Array(record) });
export interface EnvelopeOf<T> {
  count: number;
  list: T[];
}

/** Paging: `start` is a zero-based offset, `limit` a page size. */
/**
 * The header in which a server states what `start` means to it (`offset`: a record offset;
 * `page`: a page index). The interface leaves it open; the bundled server states `offset`, and a
 * client trusts a stated style over its own setting's guess.
 */
export const PAGING_STYLE_HEADER = 'x-paging-style';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
// Bounded so the offset always binds as a 64-bit integer in SQL (1e20 would not).
export const Start = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const Limit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE });
/**
 * Where the previous page ended, as the bundled server named it in its X-Next-After header
 * ("issueDate.id" for sales and sale lines, "id" for units), sent back as afterDate and afterId
 * (an extension of the interface). With them the next page is read after that record (a keyset
 * reading), exact while sales are saved; a client sends them only to a server that named one.
 */
export const AfterDate = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const AfterId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** The text of an X-Next-After value: "issueDate.id" or "id". */
export const NEXT_AFTER_TEXT = /^([0-9]{1,16})(?:\.([0-9]{1,16}))?$/;

/** afterDate and afterId of an X-Next-After value; empty when absent or unreadable. */
export function afterParameters(after: string | undefined): { afterDate?: number; afterId?: number } {
  const match = after === undefined ? null : NEXT_AFTER_TEXT.exec(after);
  if (!match) return {};
  return match[2] === undefined ? { afterId: Number(match[1]) } : { afterDate: Number(match[1]), afterId: Number(match[2]) };
}
export const NEXT_AFTER_HEADER = 'x-next-after';
export const Month = Type.Integer({ minimum: 1, maximum: 12 });
export const Year = Type.Integer({ minimum: 1970, maximum: 9999 });

/** Error codes carried in every failure body, one per kind of failure. */
export const ErrorCodes = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  invalidInput: 'INVALID_INPUT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** The store is busy (another process holds its write lock): try again after Retry-After. */
  busy: 'BUSY',
  /** The server's disk is full. */
  storageFull: 'INSUFFICIENT_STORAGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  /** Too many failed logins: try again after Retry-After. */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** The body of every failure response. `success` is the text "false", as the interface spells it. */
export const ErrorBody = Type.Object({
  success: Type.Literal('false'),
  message: Type.String(),
  code: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** `{ success, message }`, the save and statement-link responses. */
export const SuccessMessage = Type.Object({
  success: Type.String(),
  message: Type.String(),
});
export type SuccessMessage = Static<typeof SuccessMessage>;
