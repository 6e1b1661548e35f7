/**
 * No token, signature or password in any line of the request log, at any level (trace logs
 * every request twice and every failure).
 */
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

let server: RunningServer;
let token: string;
let statementId: number;
let log = '';
const temp = makeTempDir();

beforeAll(async () => {
  const dbFile = join(temp.dir, 'log.db');
  const seeding = await openStore(dbFile);
  await seedDemo(seeding, { now: TEST_NOW });
  token = createToken(seeding, { companyId: 1, role: 'accountant', name: 'books' }).token;
  statementId = (seeding.sqlite.prepare('select id from statements where company_id = 1 order by id limit 1').get() as { id: number }).id;
  await seeding.close();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  server = await startServer({ dbFile, host: '127.0.0.1', port: 0, log: true, logLevel: 'trace', logStream: stream });
});
afterAll(async () => {
  await server?.close();
  temp.remove();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers });

describe('the request log', () => {
  it('holds no bearer token, basic password, statement link signature or secret query value', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const linkReply = await get(`/api/propertystmt/statementpdf?statementId=${statementId}`, bearer);
    expect(linkReply.status).toBe(200);
    const link = new URL(((await linkReply.json()) as { message: string }).message);
    const signature = link.searchParams.get('signature')!;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await get(link.pathname + link.search);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    // A link with a forged signature fails (logged as a failure), a token sent in the query, a wrong token, a basic password.
    const forged = signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await get(link.pathname + link.search.replace(signature, forged))).status).toBe(403);
    await get(`/api/inventorycashsale/list?companyId=1&start=0&limit=1&token=${token}&Password=hunter2secret`);
    await get('/api/inventorycashsale/list?companyId=1&start=0&limit=1', { authorization: 'Bearer wrong-token-value-12345' });
    await get('/api/inventorycashsale/list?companyId=1&start=0&limit=1', { authorization: `Basic ${Buffer.from('till:hunter2secret').toString('base64')}` });
    await new Promise((resolve) => setImmediate(resolve));

    expect(log).toContain('statement-document');
    expect(log.split('\n').filter(Boolean).length).toBeGreaterThan(8);
    for (const secret of [token, signature, forged, 'wrong-token-value-12345', 'hunter2secret', Buffer.from('till:hunter2secret').toString('base64')]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('signature=[redacted]');
  });
});
