// Paid and balance through HTTP: one zone and the whole company, on the scale-10 and scale-100
// demo stores (about 1k and 10k units with 18 months of ledger), to see how it grows.
import Sqlite from 'better-sqlite3';
import { cli, demoDatabase, median, startLocalServer } from './lib.mjs';

async function timeRequest(url, headers, runs) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs + 2; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(url, { headers });
    const body = await response.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    rows = body.length;
    if (i >= 2) times.push(ms); // the first two warm the caches
  }
  return { medianMs: median(times), rows };
}

/** Every zone of company 1, as the server reports them (one request per zone). */
async function wholeCompany(base, headers, zones) {
  const started = process.hrtime.bigint();
  let rows = 0;
  for (const zone of zones) {
    const response = await fetch(`${base}&zoneId=${zone}`, { headers });
    rows += (await response.json()).length;
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows };
}

export async function benchPaidBalance({ runs = 7 } = {}) {
  const results = {};
  for (const scale of [10, 100]) {
    const db = demoDatabase(scale);
    const token = cli(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', `bench ${Date.now()}`]).trim();
    const server = await startLocalServer(db);
    const headers = { authorization: `Bearer ${token}` };
    try {
      const base = `${server.url}/api/propertystmt/paidbalance?companyId=1`;
      const zone = await timeRequest(`${base}&zoneId=1`, headers, runs);
      // The interface has no "whole company" filter: the company is every zone, asked in turn.
      const sqlite = new Sqlite(db, { readonly: true });
      const zones = sqlite
        .prepare('select id from zones where company_id = 1 order by id')
        .all()
        .map((z) => z.id);
      sqlite.close();
      const whole = [];
      for (let i = 0; i < runs; i++) whole.push(await wholeCompany(base, headers, zones));
      results[`scale${scale}`] = { zone, company: { medianMs: median(whole.map((w) => w.ms)), rows: whole[0].rows, zones: zones.length } };
    } finally {
      await server.stop();
    }
  }
  const perRow = (r) => r.company.medianMs / r.company.rows;
  return { ...results, growthPerRow: perRow(results.scale100) / perRow(results.scale10), target: { wholeCompanyMs: 300 } };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchPaidBalance(), null, 2));
