/**
 * What the CLI tests against a scripted server share within a file: the server on 127.0.0.1
 * (started before the first test, closed after the last; each test says how it answers) and a
 * temp dir for the users' homes and files, removed at the end.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type TestServer } from '../client/http-fixture.js';
import { makeTempDir } from './temp-dir.js';

export interface ScriptedServerFixture {
  /** The scripted server (from the first test on). */
  server(): TestServer;
  /** The file's temp dir. */
  dir: string;
  /** A fresh user home in it: its own config, data and outbox. */
  newHome(): string;
}

export function scriptedServerForFile(): ScriptedServerFixture {
  const temp = makeTempDir();
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
    temp.remove();
  });
  return {
    server() {
      if (!server) throw new Error('the scripted server starts before the first test');
      return server;
    },
    dir: temp.dir,
    newHome: () => mkdtempSync(join(temp.dir, 'home-')),
  };
}
