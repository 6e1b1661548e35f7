// Requests/s of the cash sale list route (first page of 50, exact count) on the scale-100 demo
// store, against a fastify hello-world route and a route returning the same 50 records from memory.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, demoDatabase, load, OUT, startLocalServer, startProcess } from './lib.mjs';

const ROUNDS = 3;

function medianRound(results) {
  return [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)];
}

export async function benchListRoute({ duration = 5 } = {}) {
  const db = demoDatabase(100);
  const token = cli(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', `bench ${Date.now()}`]).trim();
  const server = await startLocalServer(db);
  const headers = { authorization: `Bearer ${token}` };
  const path = '/api/inventorycashsale/list?companyId=1&start=0&limit=50';
  try {
    const page = await (await fetch(`${server.url}${path}`, { headers })).json();
    if (page.list.length !== 50 || !(page.count > 50_000)) throw new Error(`unexpected page: ${page.list.length} of ${page.count}`);
    const pageFile = join(OUT, 'list-page.json');
    writeFileSync(pageFile, JSON.stringify(page));
    const baseline = await startProcess(process.execPath, [join(OUT, '..', 'baseline-server.mjs'), pageFile]);
    try {
      // Rounds interleaved, the median round of each: this machine's speed drifts over seconds.
      const rounds = { hello: [], memory: [], list: [] };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.hello.push(await load(`${baseline.url}/hello`, { duration }));
        rounds.memory.push(await load(`${baseline.url}/memory`, { duration }));
        rounds.list.push(await load(`${server.url}${path}`, { headers, duration }));
      }
      const hello = medianRound(rounds.hello);
      const memory = medianRound(rounds.memory);
      const list = medianRound(rounds.list);
      return {
        count: page.count,
        rounds: ROUNDS,
        hello,
        memory,
        list,
        ratioToHello: list.requestsPerSecond / hello.requestsPerSecond,
        ratioToMemory: list.requestsPerSecond / memory.requestsPerSecond,
        target: 0.5,
      };
    } finally {
      await baseline.stop();
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchListRoute(), null, 2));
