/**
 * The readable request log, fed by the real server's pino lines: one line per request with
 * method, URL (secrets redacted, as in the JSON), status, milliseconds and client; a line that
 * is not JSON passes as it came; colour only when asked for.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourPaint, prettyRequestLog, RequestLogFormatter } from '../../../src/cli/serve/pretty-request-log.js';
import { startServer, type RunningServer } from '../../../src/server/start.js';
import { collector } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
let server: RunningServer;
const out = collector();

beforeAll(async () => {
  server = await startServer({
    dbFile: join(temp.dir, 'log.db'),
    host: '127.0.0.1',
    port: 0,
    log: true,
    logStream: prettyRequestLog(out.stream, new RequestLogFormatter(undefined, 'UTC')),
  });
});
afterAll(async () => {
  await server.close();
  temp.remove();
});

describe('the readable request log', () => {
  it('says each request on one line, a query secret redacted', async () => {
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/inventorycashsale/list?companyId=1&token=s3cret-value`)).status).toBe(401);
    const deadline = Date.now() + 5_000;
    while (out.bytes().toString().split('\n').length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = out.bytes().toString().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO Server listening at http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET {4}\/api\/openapi\.json 200 \d+\.\d ms {2}127\.0\.0\.1$/);
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d GET {4}\/api\/inventorycashsale\/list\?companyId=1&token=\[redacted\] 401 \d+\.\d ms {2}127\.0\.0\.1$/);
    expect(out.bytes().toString()).not.toContain('s3cret-value');
  });
});

describe('RequestLogFormatter', () => {
  const at = Date.UTC(2026, 10, 25, 7, 30, 5);
  it('pairs a request with its completion by request id, and says a warning with its error', () => {
    const formatter = new RequestLogFormatter(undefined, 'UTC');
    expect(
      formatter.format(
        JSON.stringify({
          level: 30,
          time: at,
          reqId: 'req-1',
          req: { method: 'POST', url: '/api/inventorycashsale/save', remoteAddress: '10.0.0.7' },
          msg: 'incoming request',
        }),
      ),
    ).toBe('');
    expect(
      formatter.format(JSON.stringify({ level: 30, time: at, reqId: 'req-1', res: { statusCode: 503 }, responseTime: 12.345, msg: 'request completed' })),
    ).toBe('07:30:05 POST   /api/inventorycashsale/save 503 12.3 ms  10.0.0.7\n');
    expect(formatter.format(JSON.stringify({ level: 50, time: at, reqId: 'req-2', err: { message: 'disk full' }, msg: 'save failed' }))).toBe(
      '07:30:05 ERROR save failed: disk full  (req-2)\n',
    );
    expect(formatter.format('not json')).toBe('not json\n');
  });

  it('colours the status by class when colour is on, and nothing when off', () => {
    const line = (status: number, level: 0 | 1) => {
      const formatter = new RequestLogFormatter(colourPaint(level), 'UTC');
      formatter.format(JSON.stringify({ reqId: 1, time: at, req: { method: 'GET', url: '/' }, msg: 'incoming request' }));
      return formatter.format(JSON.stringify({ reqId: 1, time: at, res: { statusCode: status }, responseTime: 1, msg: 'request completed' }));
    };
    expect(line(200, 1)).toContain('\x1b[32m200\x1b[39m');
    expect(line(404, 1)).toContain('\x1b[33m404\x1b[39m');
    expect(line(500, 1)).toContain('\x1b[31m500\x1b[39m');
    expect(line(500, 0)).toBe('07:30:05 GET    / 500 1.0 ms\n');
  });
});
