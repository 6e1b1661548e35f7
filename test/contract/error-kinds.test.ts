/**
 * Every kind of failure walked through the whole path: thrown by a route, answered by the
 * server's error handler, read back by the client from a real HTTP reply, and turned into an
 * exit code by the CLI. The expected figures are written out here, not read from the table.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorExit } from '../../src/cli/error-exit.js';
import { EXIT_CODES_HELP } from '../../src/cli/exit-codes.js';
import { ApiError, errorFromResponse, UsageError } from '../../src/client/errors.js';
import { createHttpTransport, type HttpTransport } from '../../src/client/http-transport.js';
import { ERROR_KINDS, KnownError, type ErrorKind } from '../../src/contract/error-kinds.js';
import { installErrorHandler } from '../../src/server/error-handler.js';
import { ServiceError } from '../../src/store/rules/service-error.js';

/** kind: [HTTP status, error code, exit code]; a kind the server never answers with has no status. */
const expected: Record<ErrorKind, [status: number | undefined, code: string | undefined, exit: number]> = {
  usage: [undefined, undefined, 2],
  badRequest: [400, 'BAD_REQUEST', 2],
  invalidInput: [405, 'INVALID_INPUT', 2],
  auth: [401, 'UNAUTHORIZED', 4],
  forbidden: [403, 'FORBIDDEN', 4],
  notFound: [404, 'NOT_FOUND', 3],
  conflict: [409, 'CONFLICT', 2],
  timeout: [408, 'REQUEST_TIMEOUT', 5],
  unavailable: [503, undefined, 5],
  busy: [503, 'BUSY', 5],
  tooManyRequests: [429, 'TOO_MANY_REQUESTS', 5],
  storageFull: [507, 'INSUFFICIENT_STORAGE', 6],
  network: [undefined, undefined, 5],
  server: [500, 'INTERNAL', 6],
  invalidResponse: [undefined, undefined, 6],
  interrupted: [undefined, undefined, 130],
};
const kinds = Object.keys(expected) as ErrorKind[];

let app: FastifyInstance;
let transport: HttpTransport;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  app.get<{ Params: { kind: ErrorKind } }>('/fail/:kind', async (request) => {
    throw new KnownError(request.params.kind, `failed as ${request.params.kind}`);
  });
  app.get('/wait/:seconds', async (request) => {
    const seconds = Number((request.params as { seconds: string }).seconds);
    throw new KnownError('tooManyRequests', `try again in ${seconds} s`, { retryAfterSeconds: seconds });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  transport = createHttpTransport({ baseUrl: url });
});
afterAll(async () => {
  await transport.close();
  await app.close();
});

describe('the error model', () => {
  it('has exactly the kinds written out here', () => {
    expect(Object.keys(ERROR_KINDS).sort()).toEqual([...kinds].sort());
  });

  const answered = kinds.filter((kind) => expected[kind][1] !== undefined);
  it.each(answered)('%s: the server answers with its status and code, the client reads the kind back, the CLI exits with its code', async (kind) => {
    const [status, code, exit] = expected[kind];
    const request = { method: 'GET' as const, path: `/fail/${kind}` };
    const response = await transport.request(request);
    expect(response.status).toBe(status);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ success: 'false', message: `failed as ${kind}`, code });
    expect(response.headers['retry-after']).toBe(kind === 'busy' ? '1' : undefined);
    const error = errorFromResponse(request, response);
    expect(error.kind).toBe(kind);
    expect(errorExit(error)).toEqual({ message: error.message, exitCode: exit });
  });

  it.each(kinds.filter((kind) => expected[kind][0] !== undefined))('%s: the client knows it by its status alone', async (kind) => {
    const [status, , exit] = expected[kind];
    const error = errorFromResponse({ method: 'GET', path: '/x' }, { status: status!, headers: {}, body: Buffer.from('') });
    // Without its code, a 503 or 429 is a gateway's: the service is unavailable.
    expect(error.kind).toBe(kind === 'busy' || kind === 'tooManyRequests' ? 'unavailable' : kind);
    expect(errorExit(error).exitCode).toBe(exit);
  });

  it("an error that names its own wait answers with it as Retry-After (the login limiter's 429), read back as its kind", async () => {
    const request = { method: 'GET' as const, path: '/wait/37' };
    const response = await transport.request(request);
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('37');
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ success: 'false', message: 'try again in 37 s', code: 'TOO_MANY_REQUESTS' });
    const error = errorFromResponse(request, response);
    expect(error.kind).toBe('tooManyRequests');
    expect(errorExit(error).exitCode).toBe(5);
  });

  it.each(kinds)('%s: the CLI exits with its code, whichever class carries it', (kind) => {
    expect(errorExit(new KnownError(kind, 'm')).exitCode).toBe(expected[kind][2]);
  });

  it('the classes of each layer carry their kind to the exit code', () => {
    expect(errorExit(new ServiceError('conflict', 'statement 4 is already approved')).exitCode).toBe(2);
    expect(errorExit(new ServiceError('invalidInput', 'itemIssuesDto[0].qty must be >= 1')).exitCode).toBe(2);
    expect(errorExit(new ApiError({ kind: 'network', method: 'GET', path: '/x' })).exitCode).toBe(5);
    expect(errorExit(new UsageError('bad flag')).exitCode).toBe(2);
  });

  it('every exit code is explained by `shopprop help exit-codes`', () => {
    for (const [, , exit] of Object.values(expected)) expect(EXIT_CODES_HELP).toMatch(new RegExp(`^  ${exit} `, 'm'));
  });
});
