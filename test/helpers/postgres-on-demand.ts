/**
 * The test run's PostgreSQL server, started only when a test file first asks for it: the run's
 * global set-up serves a one-route HTTP endpoint on 127.0.0.1 that starts the cluster once and
 * answers its admin URL to every asker (test files run in their own processes, which end before
 * the run does). The set-up's teardown stops the cluster, if it was started.
 */
import { createServer, type Server } from 'node:http';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

export interface PostgresOnDemand {
  /** The endpoint a test file asks (GET) for `{ adminUrl, startMs }`. */
  url: string;
  close(): Promise<void>;
}

export async function servePostgresOnDemand(): Promise<PostgresOnDemand> {
  let cluster: Promise<PostgresCluster> | undefined;
  const server: Server = createServer((_request, response) => {
    cluster ??= startPostgresCluster();
    cluster.then(
      ({ adminUrl, startMs }) => response.end(JSON.stringify({ adminUrl, startMs })),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the PostgreSQL endpoint has no address');
  return {
    url: `http://127.0.0.1:${address.port}/postgres`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (cluster) await (await cluster.catch(() => undefined))?.stop();
    },
  };
}
