// The baselines of the list-route benchmark, in their own process like the real server:
// a fastify hello-world route, and a route answering the same 50 records from memory.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const page = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/memory', async () => page);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${url}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
