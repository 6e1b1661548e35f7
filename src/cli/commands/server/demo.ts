/** `shopprop demo` / `shopprop local demo`: demo data in the local store, and a profile that uses it. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { countOf } from '../../../domain/plural.js';
import type { GlobalOptions } from '../../global-options.js';
import { createContext, type CommandContext } from '../../context.js';
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
  // Not the profile's store: that may be someone's own data, and --replace would delete it.
  const dbFile = options.db ?? (context.env.SHOPPROP_DB || (await import('../../config/paths.js')).defaultDatabaseFile(context.env));
  if (options.replace) {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${dbFile}${suffix}`, { force: true });
  } else if (existsSync(dbFile)) {
    throw new CliUsageError(`the local store ${dbFile} exists already; --replace deletes it first, or --db picks another file`);
  }
  const [{ openStore }, { seedDemo }] = await Promise.all([import('../../../store/open-db.js'), import('../../../demo/seed-demo.js')]);
  const started = context.now();
  context.say(`creating demo data (scale ${options.scale}) in ${dbFile} ...`);
  const store = await openStore(dbFile);
  try {
    seedDemo(store, { scale: options.scale, seed: options.seed });
    const counts = store.sqlite
      .prepare(
        `select (select count(*) from cash_sales where company_id = 1) as sales,
                (select count(*) from item_specs where company_id = 1) as units,
                (select count(*) from units u join properties p on p.id = u.property_id where p.company_id = 1) as rental_units`,
      )
      .get() as { sales: number; units: number; rental_units: number };
    context.say(
      `demo ready in ${((context.now() - started) / 1000).toFixed(1)} s: company 1 has ${countOf(counts.sales, 'sale')}, ` +
        `${countOf(counts.units, 'serialised unit')}, ${countOf(counts.rental_units, 'rental unit')}; company 2 is smaller`,
    );
    await pointProfileAtDemo(store, dbFile, context);
  } finally {
    await store.close();
  }
  context.say(`try, one at a time:\n${DEMO_TRIES.map((line) => `  shopprop ${line}`).join('\n')}`);
}

/** Company 1's first shop, cashier and cashbook become the profile's defaults, so commands need no flags. */
async function pointProfileAtDemo(store: import('../../../store/open-db.js').Store, dbFile: string, context: CommandContext): Promise<void> {
  const pick = (sql: string) => (store.sqlite.prepare(sql).get() as { id: number } | undefined)?.id;
  const { pointProfile } = await import('../../point-profile.js');
  await pointProfile(context, {
    storeFile: dbFile,
    companyId: 1,
    retailShopId: pick('select id from retail_shops where company_id = 1 order by id limit 1'),
    userId: pick("select id from users where company_id = 1 and role = 'cashier' order by id limit 1"),
    cashbookId: pick('select id from cashbooks where company_id = 1 order by id limit 1'),
  });
}
