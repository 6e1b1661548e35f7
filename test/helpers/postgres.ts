/**
 * PostgreSQL for a test file: a database of its own on the run's server (started on demand by
 * the global set-up, helpers/postgres-on-demand.ts) or, when SHOPPROP_TEST_DATABASE_URL names
 * one, on that external server (the URL of a role that may create databases). Every database
 * made here is dropped after the file's last test.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

export interface TestPostgres {
  /** A new empty database; its URL. */
  createDatabase(): Promise<string>;
  /** How long the run's server took to start, in ms (0 for an external server). */
  startMs(): number;
}

export function usePostgres(): TestPostgres {
  const created: string[] = [];
  let server: Promise<{ adminUrl: string; startMs: number }> | undefined;
  let startMs = 0;
  const admin = () => (server ??= findServer().then((found) => ((startMs = found.startMs), found)));

  afterAll(async () => {
    if (created.length === 0 || !server) return;
    const { adminUrl } = await server;
    await withClient(adminUrl, async (client) => {
      for (const name of created) await client.query(`drop database if exists ${name} with (force)`);
    });
  });

  return {
    async createDatabase() {
      const { adminUrl } = await admin();
      const name = `shopprop_test_${randomBytes(6).toString('hex')}`;
      await withClient(adminUrl, (client) => client.query(`create database ${name}`));
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    startMs: () => startMs,
  };
}

async function findServer(): Promise<{ adminUrl: string; startMs: number }> {
  const external = process.env.SHOPPROP_TEST_DATABASE_URL;
  if (external) return { adminUrl: external, startMs: 0 };
  const response = await fetch(inject('postgresOnDemand'));
  if (!response.ok) throw new Error(await response.text());
  return (await response.json()) as { adminUrl: string; startMs: number };
}

export async function withClient<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}
