/**
 * A reply far larger than the interface's is refused without the memory it asks for: the built
 * CLI's peak resident memory while it refuses a 256 MiB reply (no length announced) is measured
 * against its peak for the same command answered with an empty page, in the same run. A client
 * that kept the whole reply would grow by at least its 256 MiB; the cap lets it hold at most
 * 64 MiB of it before refusing.
 */
import { describe, expect, it } from 'vitest';
import { peakRssMeter } from '../helpers/peak-rss.js';
import { runCli } from '../helpers/run-cli.js';
import { scriptedServerForFile } from '../helpers/scripted-server.js';

const fixture = scriptedServerForFile();
const REPLY_MIB = 256;
/** Well above the cap's 64 MiB and its bookkeeping, well below the reply. */
const MAX_GROWTH_MIB = 160;

async function listMeasured(name: string) {
  const meter = peakRssMeter(fixture.dir, name);
  const result = await runCli(['--base-url', fixture.server().url, '--token', 't', 'sale', 'list', '--company', '1', '--format', 'json'], {
    home: fixture.newHome(),
    extra: meter.env,
  });
  return { ...result, peakMiB: meter.peakMiB() };
}

describe('a reply too large to be the interface', () => {
  it(`of ${REPLY_MIB} MiB is refused (exit 6) with the CLI's peak memory growing by less than ${MAX_GROWTH_MIB} MiB`, async () => {
    fixture.server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"count":0,"list":[]}');
    });
    const small = await listMeasured('small');
    expect(small.code, small.stderr).toBe(0);

    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let written = 0;
    fixture.server().handle(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"count":1,"list":[');
      for (let i = 0; i < REPLY_MIB && !res.destroyed; i++) {
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
        written += 1;
      }
      if (!res.destroyed) res.end(']}');
    });
    const large = await listMeasured('large');
    expect(large.code, large.stderr).toBe(6);
    expect(large.stderr).toMatch(/a reply larger than 64 MiB/);
    // The client read past the cap before it refused: the measurement covers the buffering.
    expect(written).toBeGreaterThan(64);
    const growth = large.peakMiB - small.peakMiB;
    expect(growth, `peak ${small.peakMiB.toFixed(0)} MiB with an empty page, ${large.peakMiB.toFixed(0)} MiB refusing`).toBeLessThan(MAX_GROWTH_MIB);
  }, 60_000);
});
