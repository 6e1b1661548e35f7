// What the benchmarks on PostgreSQL read besides requests/s: several loads at once (one per
// instance and company, as a load balancer spreads the tills), CPU time of processes, and what
// PostgreSQL's backends are doing, sampled from pg_stat_activity while a load runs.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) of one process, in ms; 0 when it is gone. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time of one PostgreSQL server (its postmaster `postmasterPid`, its workers and the
 * connections' backends; other servers on the machine are not counted), in ms, with that of
 * the backends that ended (the postmaster's reaped children: node-postgres closes connections
 * idle for 10 s).
 */
export function postgresCpuMs(postmasterPid) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const pid = Number(entry);
      if (pid !== postmasterPid && Number(fields[1]) !== postmasterPid) continue;
      const reaped = pid === postmasterPid ? Number(fields[13]) + Number(fields[14]) : 0;
      total += ((Number(fields[11]) + Number(fields[12]) + reaped) * 1000) / TICKS_PER_SECOND;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's busy and total CPU time so far, in ticks of all cores (/proc/stat): busy share = d(busy) / d(total). */
export function machineCpuTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.slice(0, 8).reduce((n, t) => n + t, 0);
  return { busy: total - idle, total };
}

/**
 * Runs loads at once, each bounded by `duration` seconds and its share of `amount` requests; returns their
 * summed requests/s, the worst p99 and the summed errors.
 */
export async function loadTogether(loads, { duration, amount = 30_000 }) {
  const { default: autocannon } = await import('autocannon');
  const results = await Promise.all(
    loads.map((l) =>
      autocannon({
        url: l.url,
        method: l.method ?? 'GET',
        body: l.body,
        headers: l.headers,
        connections: l.connections,
        duration,
        // autocannon's `amount` would drop the time bound; maxOverallRequests keeps both.
        maxOverallRequests: Math.ceil((amount * l.connections) / loads.reduce((n, x) => n + x.connections, 0)),
      }),
    ),
  );
  const seconds = Math.max(...results.map((r) => r.duration));
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  return {
    requestsPerSecond: total / seconds,
    total,
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}

/**
 * Samples what the backends connected to `database` are doing every `everyMs` while a load
 * runs: running (on CPU or about to be), waiting for a lock, for the WAL flush (the commit's
 * fsync), for the client's next statement inside a transaction (a round trip to Node), or idle.
 * Returns per state the average number of backends in it.
 */
export async function sampleBackends(adminUrl, database, everyMs = 25) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        'select state, wait_event_type, wait_event from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = $2',
        [database, 'client backend'],
      );
      samples++;
      for (const row of rows) {
        const state = classify(row);
        counts.set(state, (counts.get(state) ?? 0) + 1);
      }
      await sleep(everyMs);
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([state, n]) => [state, Number((n / samples).toFixed(2))]));
  };
}

function classify({ state, wait_event_type: type, wait_event: event }) {
  if (state === 'idle in transaction') return 'in a transaction, waiting for Node';
  if (state === 'idle') return 'idle (no transaction)';
  if (state !== 'active') return state ?? 'unknown';
  if (type === null) return 'running';
  if (type === 'Lock') return `waiting for a lock (${event})`;
  if (type === 'IO' && /^wal/i.test(event)) return `WAL I/O (${event})`;
  if (type === 'LWLock' && /^wal/i.test(event)) return `WAL lock (${event})`;
  return `${type}: ${event}`;
}
