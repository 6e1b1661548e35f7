/** `shopprop demo` / `shopprop local demo`: demo data in the local store, and a profile that uses it. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { countOf } from '../../../domain/plural.js';
import type { GlobalOptions } from '../../global-options.js';
import { createContext } from '../../context.js';
import { CliUsageError } from '../../usage-error.js';

/** What to try next, one command a line (on one line they read as a pipeline). */
const DEMO_TRIES = ['sale list', 'paidbalance --zone 1', 'payadvice --property 1', 'statements --landlord 1'];

export interface DemoOptions {
  scale: number;
  seed?: number;
  replace?: boolean;
}

export async function run(options: DemoOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  // A database named for this run (--database, SHOPPROP_DATABASE_URL), never the profile's: as for files below.
  const databaseUrl = options.database ?? (context.env.SHOPPROP_DATABASE_URL || undefined);
  if (databaseUrl !== undefined) return postgresDemo(context, databaseUrl, options);
  // Not the profile's store: that may be someone's own data, and --replace would delete it.
  const dbFile = options.db ?? (context.env.SHOPPROP_DB || (await import('../../config/paths.js')).defaultDatabaseFile(context.env));
  if (options.replace) {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${dbFile}${suffix}`, { force: true });
  } else if (existsSync(dbFile)) {
    throw new CliUsageError(`the local store ${dbFile} exists already; --replace deletes it first, or --db picks another file`);
  }
  const { createDemoFile } = await import('../../../store/sqlite/demo/demo-file.js');
  const started = context.now();
  context.say(`creating demo data (scale ${options.scale}) in ${dbFile} ...`);
  const demo = await createDemoFile(dbFile, { scale: options.scale, seed: options.seed });
  context.say(
    `demo ready in ${((context.now() - started) / 1000).toFixed(1)} s: company 1 has ${countOf(demo.sales, 'sale')}, ` +
      `${countOf(demo.units, 'serialised unit')}, ${countOf(demo.rentalUnits, 'rental unit')}; company 2 is smaller`,
  );
  // Company 1's first shop, cashier and cashbook become the profile's defaults, so commands need no flags.
  const { pointProfile } = await import('../../point-profile.js');
  await pointProfile(context, { storeFile: dbFile, companyId: 1, retailShopId: demo.retailShopId, userId: demo.userId, cashbookId: demo.cashbookId });
  context.say(`try, one at a time:\n${DEMO_TRIES.map((line) => `  shopprop ${line}`).join('\n')}`);
}

/** The demo in an empty PostgreSQL database (its schema applied first), and a profile that uses it. */
async function postgresDemo(context: ReturnType<typeof createContext>, url: string, options: DemoOptions & GlobalOptions): Promise<void> {
  const [{ parseProfileValue }, { redactedUrl }] = await Promise.all([import('../../config/keys.js'), import('../../../store/store-location.js')]);
  const checked = parseProfileValue('database', url, options.database !== undefined ? '--database' : 'SHOPPROP_DATABASE_URL');
  if (options.replace)
    throw new CliUsageError('--replace deletes a demo file; a PostgreSQL database is never emptied by shopprop: demo data goes into an empty database');
  const [{ openPostgresPool }, { createPostgresDemo }] = await Promise.all([
    import('../../../store/postgres/connect.js'),
    import('../../../store/postgres/postgres-demo.js'),
  ]);
  const shown = redactedUrl(checked);
  const started = context.now();
  context.say(`creating demo data (scale ${options.scale}) in ${shown} ...`);
  const pool = openPostgresPool(checked, { max: 2 });
  let demo;
  try {
    demo = await createPostgresDemo(pool, shown, { scale: options.scale, seed: options.seed });
  } finally {
    await pool.end();
  }
  context.say(
    `demo ready in ${((context.now() - started) / 1000).toFixed(1)} s: company 1 has ${countOf(demo.sales, 'sale')}, ` +
      `${countOf(demo.units, 'serialised unit')}, ${countOf(demo.rentalUnits, 'rental unit')}; company 2 is smaller`,
  );
  const { pointProfile } = await import('../../point-profile.js');
  await pointProfile(context, { storeFile: checked, companyId: 1, retailShopId: demo.retailShopId, userId: demo.userId, cashbookId: demo.cashbookId });
  context.say(`try, one at a time:\n${DEMO_TRIES.map((line) => `  shopprop ${line}`).join('\n')}`);
}
