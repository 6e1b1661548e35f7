/**
 * Sends a value as JSON text built by JSON.stringify, bypassing fastify's serializer: for
 * large replies whose records are already built field for field to the contract, the schema
 * serializer costs several times more (it validates each nullable field to choose a branch).
 * Sent as bytes, so no later serialization step can touch it.
 */
import type { FastifyReply } from 'fastify';
import { NEXT_AFTER_HEADER } from '../contract/common.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(Buffer.from(JSON.stringify(value)));
}

/** A list's envelope, `{"count":…,"list":[…]}`, whose records are already JSON texts (see JsonEnvelope). */
export function envelopeBytes(envelope: { count: number; list: readonly string[] }): Buffer {
  return Buffer.from(`{"count":${envelope.count},"list":[${envelope.list.join(',')}]}`);
}

/** Sends a list's envelope, and where its page ended (X-Next-After) for a keyset reading of the next. */
export function sendJsonEnvelope(reply: FastifyReply, envelope: { count: number; list: readonly string[]; nextAfter?: string }): FastifyReply {
  if (envelope.nextAfter !== undefined) reply.header(NEXT_AFTER_HEADER, envelope.nextAfter);
  return reply.type(JSON_CONTENT_TYPE).send(envelopeBytes(envelope));
}
