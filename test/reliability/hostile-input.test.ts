/**
 * Hostile input to every endpoint: thousands of generated queries and save bodies (malformed,
 * oversized, wrongly typed, at and past every bound, injection, unicode, repeated parameters,
 * random JSON shapes, deep nesting, non-JSON, wrong content types, bodies over the limit).
 * The server never answers 500, never goes down, and always answers a failure with the
 * contract's error body. The volume goes through app.inject (the same app, routes and error
 * handler as over HTTP); a smaller run goes over real HTTP to the standalone server process.
 */
import { connect } from 'node:net';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.js';
import { REFERENCE_DATA_PATH, ReferenceData } from '../../src/contract/reference-data.js';
import { DEFAULT_BODY_LIMIT } from '../../src/server/app.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import {
  CONTENT_TYPES,
  DOCUMENT_PATH,
  GET_ENDPOINTS,
  GET_STATUSES,
  SAVE_STATUSES,
  VALID_QUERY,
  checkAnswer,
  hostileQuery,
  mutatedBody,
  parametersOf,
  rawBody,
  successCheck,
  type Answer,
} from './hostile-input.js';
import { seedDemoFile, startStandalone, stopStandalone, type ServerProcess } from './standalone-server.js';

const SAVE = endpoints.saveCashSale.path;
/** Runs per generated family (RELIABILITY_SCALE=10 for a deeper hunt); the totals are printed at the end. */
const SCALE = Math.max(1, Number(process.env.RELIABILITY_SCALE) || 1);
const RUNS = Object.fromEntries(
  Object.entries({ query: 800, document: 400, mutated: 4000, raw: 1000, contentType: 300, http: 100 }).map(([family, runs]) => [family, runs * SCALE]),
) as Record<'query' | 'document' | 'mutated' | 'raw' | 'contentType' | 'http', number>;
const sent = new Map<string, number>();
const count = (family: string) => sent.set(family, (sent.get(family) ?? 0) + 1);

let server: TestServer;
let tokens: { admin1: string; cashier1: string; accountant1: string; admin2: string };
let bases: SaveCashSaleBody[];
let documentQuery: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = {
    admin1: server.tokenFor(1, 'admin'),
    cashier1: server.tokenFor(1, 'cashier'),
    accountant1: server.tokenFor(1, 'accountant'),
    admin2: server.tokenFor(2, 'admin'),
  };
  const refs = companyRefs(server.store, 1);
  const [unit] = unitsInStock(server.store, 1, 1, 50);
  const split = saleBody(refs, [unitLine(unit!), accessoryLine(refs, 2, 10)]);
  split.channelsDto = [
    { channelId: refs.channels.MPESA, referenceNo: 'QK1AB2CD3E', amount: 1000 },
    { channelId: refs.channels.CASH, referenceNo: '', amount: Math.round((split.amountPaid - 1000) * 100) / 100 },
  ];
  bases = [saleBody(refs, [accessoryLine(refs)]), split];
  const link = await server.app.inject({
    method: 'GET',
    url: '/api/propertystmt/statementpdf?statementId=1',
    headers: { authorization: `Bearer ${tokens.admin1}` },
  });
  documentQuery = Object.fromEntries(new URL(link.json<{ message: string }>().message).searchParams);
});

afterAll(async () => {
  console.log(`hostile requests sent: ${[...sent].map(([family, n]) => `${family} ${n}`).join(', ')}; total ${[...sent.values()].reduce((a, b) => a + b, 0)}`);
  await server.close();
});

/** Mostly a token that may use everything, so requests get past auth to validation and services. */
const authHeader = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${tokens.admin1}`) },
    { weight: 1, arbitrary: fc.constantFrom(`Bearer ${tokens.cashier1}`, `Bearer ${tokens.accountant1}`, `Bearer ${tokens.admin2}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        '',
        'Bearer',
        'Bearer ',
        'Basic YTpi',
        `bearer ${tokens.admin1}`,
        `Bearer ${tokens.admin1}x`,
        `Bearer ${tokens.admin1} extra`,
        "Bearer ' OR 1=1 --",
        `Bearer ${'a'.repeat(4000)}`,
      ),
    },
  );

async function inject(method: 'GET' | 'POST', url: string, headers: Record<string, string | undefined>, payload?: string): Promise<Answer> {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const response = await server.app.inject({ method, url, headers: clean, payload });
  const type = response.headers['content-type'];
  return { status: response.statusCode, contentType: type === undefined ? undefined : String(type), text: response.body };
}

/** After each family: the app still answers a normal request. */
async function stillServes(): Promise<void> {
  const answer = await inject('GET', `${endpoints.listReceiptSpecs.path}?companyId=1&start=0&limit=1`, { authorization: `Bearer ${tokens.cashier1}` });
  expect(answer.status).toBe(200);
}

describe('hostile queries (app.inject)', () => {
  it.each(GET_ENDPOINTS)('%s: random, broken and boundary queries never get a 500 or a body other than the error body', async (name: EndpointName) => {
    const { path } = endpoints[name];
    await fc.assert(
      fc.asyncProperty(hostileQuery(VALID_QUERY[name], parametersOf(name)), authHeader(), async (query, authorization) => {
        count('query');
        checkAnswer(await inject('GET', `${path}?${query}`, { authorization }), GET_STATUSES, successCheck(name));
      }),
      { numRuns: RUNS.query },
    );
    await stillServes();
  });

  it('the local reference-data endpoint: random, broken and boundary queries never get a 500', async () => {
    const unitIds = fc.oneof(
      hostileQuery({ companyId: '1', unitIds: '1,2,3' }, ['companyId', 'unitIds']),
      fc.integer({ min: 0, max: 900 }).map((n) => `companyId=1&unitIds=${Array.from({ length: n }, (_, i) => i + 1).join(',')}`),
    );
    await fc.assert(
      fc.asyncProperty(unitIds, authHeader(), async (query, authorization) => {
        count('query');
        checkAnswer(await inject('GET', `${REFERENCE_DATA_PATH}?${query}`, { authorization }), GET_STATUSES, (body) => Value.Check(ReferenceData, body));
      }),
      { numRuns: RUNS.query / 2 },
    );
    await stillServes();
  });

  it('the presigned statement document: tampered, expired and random links never get a 500', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(documentQuery, parametersOf('statementDocument')), async (query) => {
        count('document');
        checkAnswer(await inject('GET', `${DOCUMENT_PATH}?${query}`, {}), [200, 400, 401, 403, 404], successCheck('statementDocument'));
      }),
      { numRuns: RUNS.document },
    );
    await stillServes();
  });

  it('unknown paths and methods answer the error body', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/api'],
      ['POST', '/api/inventorycashsale/list?companyId=1'],
      ['GET', SAVE],
      ['GET', '/api/inventorycashsale/list/../save'],
      ['GET', '/API/INVENTORYCASHSALE/LIST?companyId=1'],
      ['GET', `/${'a'.repeat(10_000)}`],
      ['GET', '/%zz'],
    ] as const) {
      count('path');
      checkAnswer(await inject(method, url, { authorization: `Bearer ${tokens.admin1}` }), [400, 401, 404]);
    }
  });
});

describe('hostile save bodies (app.inject)', () => {
  const post = (payload: string, contentType: string | undefined, authorization: string | undefined, key?: string) =>
    inject('POST', SAVE, { authorization, 'content-type': contentType, 'idempotency-key': key }, payload);

  it('valid sales with fields replaced by wrong types, bounds, huge arrays and deep nesting: 405 (or saved), never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutatedBody(bases),
        authHeader(),
        fc.option(fc.string({ maxLength: 250 }), { nil: undefined, freq: 4 }),
        async (body, authorization, key) => {
          count('mutated body');
          checkAnswer(await post(body, 'application/json', authorization, key), SAVE_STATUSES, (b) => (b as { success?: string }).success === 'true');
        },
      ),
      { numRuns: RUNS.mutated },
    );
    await stillServes();
  });

  it('random JSON shapes, broken JSON, prototype and duplicate keys: 405, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(rawBody(bases[0]!), async (body) => {
        count('raw body');
        checkAnswer(await post(body, 'application/json', `Bearer ${tokens.admin1}`), SAVE_STATUSES, (b) => (b as { success?: string }).success === 'true');
      }),
      { numRuns: RUNS.raw },
    );
    await stillServes();
  });

  it('wrong and odd content types: 405 or 415, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CONTENT_TYPES, undefined),
        fc.oneof(fc.constant(JSON.stringify(bases[0])), rawBody(bases[0]!)),
        async (contentType, body) => {
          count('content type');
          checkAnswer(await post(body, contentType, `Bearer ${tokens.admin1}`), SAVE_STATUSES, (b) => (b as { success?: string }).success === 'true');
        },
      ),
      { numRuns: RUNS.contentType },
    );
    await stillServes();
  });

  it('bodies over the limit are refused with 413, whatever they hold and however they are labelled', async () => {
    const sizes = [DEFAULT_BODY_LIMIT + 1, DEFAULT_BODY_LIMIT * 2, 8 * 1024 * 1024];
    for (const size of sizes) {
      const notes = JSON.stringify({ ...bases[0], notes: 'x'.repeat(size) });
      const lines = JSON.stringify({ ...bases[0], itemIssuesDto: Array.from({ length: Math.ceil(size / 100) }, () => bases[0]!.itemIssuesDto[0]) });
      for (const [body, type] of [
        [notes, 'application/json'],
        [lines, 'application/json'],
        ['x'.repeat(size), 'text/plain'],
        ['{'.repeat(size), 'application/json'],
      ] as const) {
        count('oversized');
        const answer = await post(body, type, `Bearer ${tokens.admin1}`);
        checkAnswer(answer, [413]);
        expect(JSON.parse(answer.text).code).toBe('PAYLOAD_TOO_LARGE');
      }
    }
    await stillServes();
  });
});

/**
 * POSTs `chunks` pieces of `size` bytes, with a Content-Length or chunked without one, until the
 * server answers. A raw socket: the server answers 413 and closes before the body is all sent,
 * and an HTTP client reports that as EPIPE instead of the answer.
 */
function postOversized(url: string, path: string, token: string, chunks: number, size: number, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let reply = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      reply += data;
      answered = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while we still write: what it answered before is what counts.
      if (!answered && error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const [head = '', body = ''] = reply.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /^content-type: (.*)$/im.exec(head)?.[1]?.trim();
      // A chunked answer: keep the JSON between the chunk-size lines.
      const text = /^\{.*\}$/m.exec(body)?.[0] ?? body;
      resolve({ status, contentType: type, text });
    });
    socket.on('connect', async () => {
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${chunks * size}`;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${framing}\r\nConnection: close\r\n\r\n`,
      );
      // With a Content-Length the server can refuse before any body byte: give it the chance.
      if (!chunked) await new Promise((r) => setTimeout(r, 200));
      const data = Buffer.alloc(size, 'x');
      const piece = chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data;
      for (let i = 0; i < chunks && !answered && !socket.destroyed; i++) {
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r));
        // Paced, so the server has read what was sent when it answers: closing a connection
        // with unread bytes makes the kernel reset it, and the answer can be lost on the way.
        await new Promise((r) => setTimeout(r, 5));
      }
      if (!socket.destroyed) socket.end(chunked ? '0\r\n\r\n' : '');
    });
  });
}

describe('hostile requests over real HTTP to the standalone server', () => {
  const temp = makeTempDir('shopprop-hostile-');
  let child: ServerProcess;
  let pool: Pool;
  let token: string;

  beforeAll(async () => {
    const seeded = await seedDemoFile(temp.dir, [{ companyId: 1, role: 'admin' }]);
    token = seeded.tokens[0]!;
    child = await startStandalone(seeded.dbFile);
    pool = new Pool(child.url, { connections: 8 });
  });
  afterAll(async () => {
    await pool?.close();
    if (child) await stopStandalone(child);
    temp.remove();
  });

  async function http(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const response = await pool.request({ method, path, headers, body });
    const type = response.headers['content-type'];
    return { status: response.statusCode, contentType: Array.isArray(type) ? type[0] : type, text: await response.body.text() };
  }

  it('queries to every GET endpoint and the document link', async () => {
    for (const name of GET_ENDPOINTS) {
      const { path } = endpoints[name];
      await fc.assert(
        fc.asyncProperty(hostileQuery(VALID_QUERY[name], parametersOf(name)), async (query) => {
          count('http query');
          checkAnswer(await http('GET', `${path}?${query}`, { authorization: `Bearer ${token}` }), GET_STATUSES, successCheck(name));
        }),
        { numRuns: RUNS.http },
      );
    }
    await fc.assert(
      fc.asyncProperty(
        hostileQuery({ statementId: '1', companyId: '1', expires: String(Date.now() + 60_000), signature: 'a'.repeat(64) }, parametersOf('statementDocument')),
        async (query) => {
          count('http query');
          checkAnswer(await http('GET', `${DOCUMENT_PATH}?${query}`, {}), [200, 400, 401, 403, 404], successCheck('statementDocument'));
        },
      ),
      { numRuns: RUNS.http },
    );
  });

  it('save bodies: mutated, raw, odd content types', async () => {
    const ascii = CONTENT_TYPES.filter((t) => /^[\x20-\x7e]*$/.test(t));
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedBody(bases), rawBody(bases[0]!)), fc.constantFrom(...ascii), async (body, contentType) => {
        count('http save');
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (contentType) headers['content-type'] = contentType;
        checkAnswer(await http('POST', SAVE, headers, body), SAVE_STATUSES, (b) => (b as { success?: string }).success === 'true');
      }),
      { numRuns: RUNS.http * 4 },
    );
  });

  it('bodies over the limit, with a Content-Length and streamed in chunks without one: 413', async () => {
    for (const chunked of [false, true]) {
      count('http oversized');
      const answer = await postOversized(child.url, SAVE, token, 40, 64 * 1024, chunked);
      checkAnswer(answer, [413]);
      expect(JSON.parse(answer.text).code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('the server process is still up and serves a normal request', async () => {
    expect(child.child.exitCode).toBeNull();
    const answer = await http('GET', `${endpoints.listCashSales.path}?companyId=1&start=0&limit=3`, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).list).toHaveLength(3);
    expect(child.stderr()).not.toMatch(/\n\s+at /);
  });
});
