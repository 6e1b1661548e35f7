// CLI cold start: `shopprop --help`, and the first page of `sale list` embedded on the
// scale-100 demo store, each against `node -e 0` measured in the same run; and the same with
// the other code-cache choices (Node's compile cache alone, none) for comparison.
import { join } from 'node:path';
import { benchEnv, BIN, compareCommands, demoDatabase, OUT } from './lib.mjs';

export async function benchStartup({ runs = 15 } = {}) {
  const db = demoDatabase(100);
  const env = benchEnv();
  const nodeCacheOnly = { ...env, SHOPPROP_BENCH_NODE_CACHE_ONLY: '1', XDG_CACHE_HOME: join(OUT, 'node-cache-only') };
  const [node, help, firstPage, ...others] = compareCommands(
    [
      { name: 'node -e 0', command: process.execPath, args: ['-e', '0'], env },
      { name: 'shopprop --help', command: process.execPath, args: [BIN, '--help'], env },
      {
        name: 'shopprop sale list (embedded, scale 100, first page)',
        command: process.execPath,
        args: [BIN, '--db', db, 'sale', 'list', '--company', '1', '--format', 'json'],
        env,
      },
      // The other code-cache choice: Node's compile cache alone (its own folder, kept warm too).
      { name: "--help, Node's compile cache only", command: process.execPath, args: [BIN, '--help'], env: nodeCacheOnly },
      {
        name: "first page, Node's compile cache only",
        command: process.execPath,
        args: [BIN, '--db', db, 'sale', 'list', '--company', '1', '--format', 'json'],
        env: nodeCacheOnly,
      },
      {
        name: 'first page, no compile cache',
        command: process.execPath,
        args: [BIN, '--db', db, 'sale', 'list', '--company', '1', '--format', 'json'],
        env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' },
      },
    ],
    runs,
  );
  return {
    rows: [node, help, firstPage, ...others].map((r) => ({ ...r, ratio: r.medianMs / node.medianMs })),
    targets: { help: 1.2, firstPage: 3 },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchStartup();
  for (const row of result.rows) console.log(`${row.name}: ${row.medianMs.toFixed(0)} ms median (${row.ratio.toFixed(2)}x node -e 0)`);
}
