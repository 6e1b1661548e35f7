/**
 * The CLI, in-process, against a hostile or broken server on 127.0.0.1: a reply too large to be the
 * interface's is refused (exit 6; the memory it takes meanwhile is measured with the built CLI in
 * test/e2e/reply-cap-memory.test.ts), a server that drips bytes is
 * given up on at the overall deadline (`--timeout`, retries included, exit 5), and the server's words reach the
 * terminal without their control characters.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';

const fixture = scriptedServerForFile();

function list(extra: string[] = []) {
  return runInProcess(['--base-url', fixture.server().url, '--token', 't', ...extra, 'sale', 'list', '--company', '1', '--format', 'json'], {
    home: fixture.dir,
  });
}

describe('client limits', () => {
  it('a reply of 80 MB (no length announced) is refused: exit 6', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    fixture.server().handle(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"count":1,"list":[');
      for (let i = 0; i < 80 && !res.destroyed; i++) {
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
      }
      res.end(']}');
    });
    const result = await list();
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/the server's answer does not follow the interface: a reply larger than 64 MiB/);
  }, 30_000);

  it('a reply announcing 600 MB is refused before it is read: exit 6', async () => {
    fixture.server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('{"count":1,');
    });
    const result = await list();
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/a reply larger than 64 MiB/);
  }, 30_000);

  it('a server dripping a byte every 200 ms is given up on at --timeout, retries included: exit 5 from one attempt, before its answer completes', async () => {
    /** Per attempt: resolves when its connection closes, true if the answer was not complete then. */
    const attempts: Promise<boolean>[] = [];
    fixture.server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let drips = 0;
      const timer = setInterval(() => {
        // After 5 s of drips a complete answer: a client that ignored --timeout would take it (exit 0).
        if (++drips === 25) {
          clearInterval(timer);
          res.end('{"count":0,"list":[]}');
        } else res.write(' ');
      }, 200);
      attempts.push(
        new Promise((resolve) =>
          res.once('close', () => {
            clearInterval(timer);
            resolve(!res.writableFinished);
          }),
        ),
      );
    });
    const result = await list(['--timeout', '1']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/no complete answer from 127\.0\.0\.1:\d+ within 1s \(--timeout\)/);
    // The time is spent by the first attempt, given up by the client before the answer was
    // complete; a GET is retried only within the same second, so no second attempt is made.
    expect(await Promise.all(attempts)).toEqual([true]);
  }, 30_000);

  it('a bad --timeout is a usage error: exit 2', async () => {
    const result = await list(['--timeout', 'soon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--timeout must be a number of seconds/);
  }, 30_000);

  it("control characters in the server's message never reach the terminal", async () => {
    fixture.server().handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'X', message: 'broken\u001b]0;pwned\u0007 \u001b[2J\u009b31mred\u0000\u202eevil' }));
    });
    const result = await list();
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/HTTP 500 broken\]0;pwned \[2J31mredevil/);
    // eslint-disable-next-line no-control-regex
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
  }, 30_000);
});
