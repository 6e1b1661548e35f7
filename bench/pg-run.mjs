// The PostgreSQL backend's benchmarks as a section of RESULTS.md (`npm run bench -- --postgres`),
// on one durable PostgreSQL server: saves through HTTP (one and two instances), the list route
// and whole-company paid and balance, each against SQLite in the same run.
import { startBenchPostgres } from './pg-lib.mjs';
import { benchPostgresListRoute, demoOnBoth } from './pg-list-route.mjs';
import { benchPostgresPaidBalance } from './pg-paid-balance.mjs';
import { benchPostgresSaves } from './pg-saves.mjs';

const f0 = (n) => (n === undefined ? '' : Math.round(n).toLocaleString('en-US'));
const f1 = (n) => (n === undefined ? '' : n.toFixed(1));
const f2 = (n) => n.toFixed(2);

export async function benchPostgres({ quick = false, say = console.error } = {}) {
  const duration = quick ? 2 : 5;
  const rounds = quick ? 1 : 3;
  const saves = await benchPostgresSaves({ duration, rounds });
  const s = saves.postgres.settings;
  say(
    `## PostgreSQL ${saves.postgres.version}: saves through HTTP (fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, full_page_writes=${s.full_page_writes}; SQLite synchronous=FULL; ${duration} s, 10 connections, median of ${rounds} interleaved rounds)`,
  );
  say('| case | saves/s (rounds) | p99 ms | errors | CPU ms/save: serve / PostgreSQL / load generator | WAL bytes/save | machine busy | load avg |');
  say('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of saves.rows) {
    const cpu = [r.nodeCpuMsPerSave, r.postgresCpuMsPerSave, r.clientCpuMsPerSave].map((n) => (n === undefined ? '-' : f2(n))).join(' / ');
    say(
      `| ${r.name} | ${f0(r.requestsPerSecond)} (${r.rounds.map(f0).join(' / ')}) | ${r.p99 === '' ? '' : r.p99} | ${r.errors} | ${cpu} | ${f0(r.walBytesPerSave)} | ${Math.round(r.machineBusy * 100)}% | ${f1(r.loadMedian)} |`,
    );
  }
  const ratios = saves.ratios;
  say(
    `Company 1: one PostgreSQL instance ${f2(ratios.onePgToSqlite)}x SQLite and ${f2(ratios.pgToRawSaveShaped)}x the raw save-shaped transactions, two ${f2(ratios.twoPgToSqlite)}x SQLite, two / one ${f2(ratios.twoToOneInstance)}; both companies: two / one ${f2(ratios.twoToOneInstanceBothCompanies)}; both companies / company 1 on one instance ${f2(ratios.bothCompaniesToOneOnPg)}.`,
  );
  say("What PostgreSQL's backends were doing (average number of backends in each state, sampled every 25 ms, median round):");
  for (const r of saves.rows.filter((row) => row.backends))
    say(
      `- ${r.name}: ${Object.entries(r.backends)
        .map(([state, n]) => `${state} ${n}`)
        .join(', ')}`,
    );
  say();

  const postgres = await startBenchPostgres();
  try {
    const demo = await demoOnBoth(postgres);
    const list = await benchPostgresListRoute({ duration, rounds, postgres, demo });
    say(
      `## PostgreSQL: cash sale list route, first page of 50 with exact count (scale-10 store copied by local copy, count ${f0(list.rows[0].count)}; ${duration} s, 10 connections, median of ${rounds} interleaved rounds)`,
    );
    say('| backend | req/s (rounds) | p50 ms | p99 ms | errors | Node CPU ms/request | PostgreSQL CPU ms/request | load avg |');
    say('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of list.rows)
      say(
        `| ${r.name} | ${f0(r.requestsPerSecond)} (${r.rounds.map(f0).join(' / ')}) | ${r.p50} | ${r.p99} | ${r.errors} | ${f2(r.nodeCpuMsPerRequest)} | ${r.postgresCpuMsPerRequest === undefined ? '' : f2(r.postgresCpuMsPerRequest)} | ${f1(r.loadMedian)} |`,
      );
    say(`List route: PostgreSQL ${f2(list.ratio)}x SQLite.`);
    say();
    const paid = await benchPostgresPaidBalance({ runs: quick ? 3 : 7, postgres, demo });
    say(
      `## PostgreSQL: paid and balance of the whole company through HTTP (scale-10 store, ${paid.rows[0].zones} zones, ${f0(paid.rows[0].rows)} rows; median of ${paid.runs} interleaved runs)`,
    );
    say('| backend | median ms | min ms | serve CPU ms/run | PostgreSQL CPU ms/run |');
    say('|---|---:|---:|---:|---:|');
    for (const r of paid.rows) say(`| ${r.name} | ${f0(r.medianMs)} | ${f0(r.minMs)} | ${f1(r.nodeCpuMs)} | ${f1(r.postgresCpuMs)} |`);
    say(`Paid and balance: PostgreSQL ${f2(paid.ratio)}x SQLite's time.`);
    say();
  } finally {
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPostgres({ quick: process.argv.includes('--quick') });
