/**
 * One error handler for the whole app: every failure answers with
 * `{ success: "false", message, code }` and never with a stack trace.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, type ErrorBody } from '../contract/common.js';
import { ERROR_KINDS, errorKindOf, type ErrorKind } from '../contract/error-kinds.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of a request refused by its schema: a bad request by default, invalid input for the save (spec 7). */
    refusedInputKind?: Extract<ErrorKind, 'badRequest' | 'invalidInput'>;
  }
}

export function errorBody(message: string, code: string): ErrorBody {
  return { success: 'false', message, code };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A store failure (busy, disk full) comes as a refusal of its kind from the store (shop-store.ts): 503 or 507, never 500.
    const error = thrown;
    const kind = errorKindOf(error);
    const rule = kind === undefined ? undefined : ERROR_KINDS[kind];
    if (rule && 'code' in rule) {
      if (rule.status >= 500) request.log.warn({ err: thrown }, error.message);
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? ('retryAfterSeconds' in rule ? rule.retryAfterSeconds : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(rule.status).send(errorBody(error.message, rule.code));
    }
    const refused = ERROR_KINDS[request.routeOptions.config?.refusedInputKind ?? 'badRequest'];
    if (error.validation) {
      return reply.status(refused.status).send(errorBody(describeValidation(error), refused.code));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('request body too large', ErrorCodes.payloadTooLarge));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): safe to repeat.
      return reply.status(status === 400 ? refused.status : status).send(errorBody(error.message, refused.code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal server error', ErrorCodes.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`no such endpoint: ${request.method} ${request.url.split('?')[0]}`, ErrorCodes.notFound));
  });
}

/**
 * Fastify's own refusals before a route runs (a URL with broken percent-encoding, a path
 * parameter too long) bypass the error handler: answer them with the same error body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send(errorBody(`invalid request URL: ${error.message}`, ErrorCodes.badRequest));
}

/**
 * Requests Node's HTTP parser refuses (malformed framing, headers too large, timeouts) never
 * reach fastify: answer them with the error body too, then close the connection, as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = status === 408 ? 'request timed out' : status === 431 ? 'request headers too large' : 'malformed HTTP request';
  const body = JSON.stringify(errorBody(message, status === 431 ? ErrorCodes.payloadTooLarge : ErrorCodes.badRequest));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** "querystring/month must be <= 12", naming each failing field once. */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  // An enumeration written as a union of constants fails once per constant: name them together.
  const constants = new Map<string, unknown[]>();
  for (const issue of error.validation ?? []) {
    const value = (issue.params as { allowedValue?: unknown }).allowedValue;
    if (issue.keyword === 'const') constants.set(issue.instancePath, [...(constants.get(issue.instancePath) ?? []), value]);
  }
  const parts = (error.validation ?? []).map((issue) => {
    const oneOf = constants.get(issue.instancePath);
    if (oneOf && (issue.keyword === 'const' || issue.keyword === 'anyOf')) {
      return `${issue.instancePath.replace(/^\//, '') || context} must be one of ${oneOf.join(', ')}`;
    }
    const missing = (issue.params as { missingProperty?: string }).missingProperty;
    const path = missing ? `${issue.instancePath}/${missing}` : issue.instancePath;
    const field = path.replace(/^\//, '') || context;
    const allowed = (issue.params as { allowedValues?: unknown[] }).allowedValues;
    const expected = allowed ? ` (${allowed.join(', ')})` : '';
    return missing ? `${field} is required` : `${field} ${issue.message ?? 'is invalid'}${expected}`;
  });
  return `invalid ${context}: ${[...new Set(parts)].join('; ')}`;
}
