// CPU time per request of the bundled server in-process (the embedded transport, no sockets),
// which moves far less with the machine's load than requests per second over HTTP: the first
// page of the cash sale list (50 records, exact count) on the scale-100 store, and a save (two
// lines, groups of 10 sent together so the group commit shares its transaction, as tills do).
// `node bench/inprocess-cpu.mjs [--root DIR]...`: each root is a built checkout; with several,
// their runs are interleaved, so builds before and after a change are compared in one sitting.
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { demoDatabase, median, OUT, ROOT } from './lib.mjs';
import { saleBody } from './saves.mjs';

const args = process.argv.slice(2);
const roots = args.flatMap((a, i) => (args[i - 1] === '--root' ? [a] : []));
if (roots.length === 0) roots.push(ROOT);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

async function measure(root, source) {
  const require = createRequire(import.meta.url);
  const { openEmbeddedTransport } = require(join(root, 'dist', 'server', 'embedded-server.cjs'));
  const file = join(OUT, `inprocess-${process.pid}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  copyFileSync(source, file);
  const transport = await openEmbeddedTransport(file);
  try {
    const list = { method: 'GET', path: '/api/inventorycashsale/list', query: { companyId: 1, start: 0, limit: 50 } };
    for (let i = 0; i < 200; i++) await transport.request(list); // warm-up: compilers, caches
    let started = cpuMicros();
    const listRequests = 2000;
    for (let i = 0; i < listRequests; i++) {
      const reply = await transport.request(list);
      if (reply.status !== 200) throw new Error(`list answered ${reply.status}`);
    }
    const listMicros = (cpuMicros() - started) / listRequests;

    const body = saleBody(file);
    const save = { method: 'POST', path: '/api/inventorycashsale/save', body };
    // A long warm-up: the list reads above no longer go through the app (direct reads), so the
    // saves alone must bring fastify's and the store's code to its optimised tiers; with 5 groups
    // a save measured about 80 µs more than it costs warm.
    for (let i = 0; i < 100; i++) await Promise.all(Array.from({ length: 10 }, () => transport.request(save)));
    const groups = 60;
    started = cpuMicros();
    for (let g = 0; g < groups; g++) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => transport.request(save)));
      if (replies.some((r) => r.status !== 200)) throw new Error(`a save answered ${replies.find((r) => r.status !== 200).status}`);
    }
    const saveMicros = (cpuMicros() - started) / (groups * 10);
    return { listMicros, saveMicros };
  } finally {
    await transport.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

export async function benchInProcessCpu({ roots: which = roots, runs: count = runs } = {}) {
  const source = demoDatabase(100);
  const results = new Map(which.map((root) => [root, { list: [], save: [] }]));
  for (let run = 0; run < count; run++) {
    for (const root of which) {
      // Each measurement in a process of its own: one build's code and caches cannot help another's.
      const { execFileSync } = await import('node:child_process');
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--one', root, source], { encoding: 'utf8' });
      const { listMicros, saveMicros } = JSON.parse(out);
      results.get(root).list.push(listMicros);
      results.get(root).save.push(saveMicros);
    }
  }
  return which.map((root) => ({ root, listMicros: median(results.get(root).list), saveMicros: median(results.get(root).save), runs: results.get(root) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (args[0] === '--one') console.log(JSON.stringify(await measure(args[1], args[2])));
  else console.log(JSON.stringify(await benchInProcessCpu(), null, 2));
}
