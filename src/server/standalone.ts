/**
 * A server process with no CLI around it: `node dist/server/standalone.js --db FILE --port N`.
 * Used by tests and benchmarks that need to kill and restart a server.
 */
import { parseArgs } from 'node:util';
import { closeOnSignals, startServer } from './start.js';

const { values } = parseArgs({
  options: { db: { type: 'string' }, port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
});
if (!values.db) {
  console.error('usage: standalone --db FILE [--port N] [--host H]');
  process.exit(2);
}
const server = await startServer({ dbFile: values.db, host: values.host!, port: Number(values.port) });
// The first stdout line tells the parent where we listen.
process.stdout.write(`${server.url}\n`);
closeOnSignals(server, () => process.exit(0));
