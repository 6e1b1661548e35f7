/**
 * Offline selling at a terminal, against a real server process: an online run of `sale save`
 * keeps a local copy of the catalogue and stock; with the server down, a sale is composed from
 * that copy exactly as online (the phone found by its IMEI, its product id, cost, price and tax
 * from the copy, nothing typed by hand), the terminal says the copy is used and how old it is,
 * and the sale is kept; the phone is then sold here (said so when its IMEI is typed again)
 * until `sale sync` delivers the sale, which the server records as it would an online one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/cli/sale/outbox-store.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { KEY, spawnPty, type PtySession } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { unitsInStock, type UnitRef } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const STANDALONE = fileURLToPath(new URL('../../dist/server/standalone.js', import.meta.url));
const temp = makeTempDir();
const home = temp.dir;
const db = join(home, 'shop.db');
let token: string;
let phones: UnitRef[];
const children: ChildProcess[] = [];
const terminals: PtySession[] = [];

beforeAll(async () => {
  const demo = await runCli(['demo', '--db', db], { home });
  expect(demo.code, demo.stderr).toBe(0);
  const store = await openStore(db);
  token = createToken(store, { companyId: 1, role: 'cashier', name: 'Till 1' }).token;
  phones = unitsInStock(store, 1, 2, 60);
  await store.close();
}, 60_000);
afterEach(async () => {
  for (const terminal of terminals.splice(0)) terminal.kill();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});
afterAll(() => temp.remove());

async function startServer(port = 0): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [STANDALONE, '--db', db, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * `sale save` at a terminal against the service at url; `ready` waits for text drawn since the
 * last keys were typed (the next prompt, never an earlier copy of its words).
 */
function saleAtTerminal(url: string) {
  const term = spawnPty(['--base-url', url, '--token', token, 'sale', 'save'], { home });
  terminals.push(term);
  const ready = (text: string | RegExp) => term.waitForNext(text);
  return { term, ready };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return openStore(db).then(async (store) => {
    try {
      return store.sqlite.prepare(sql).all(...params) as T[];
    } finally {
      await store.close();
    }
  });
}

describe('selling offline from the local copy', () => {
  it('composes the sale as online, keeps it, holds its phone as sold here, and the sync records it as an online sale', async () => {
    const [, phone] = phones;
    const server = await startServer();

    // Online: the units are loaded (the phone is offered), and with them the copy is kept.
    const online = saleAtTerminal(server.url);
    await online.ready('Customer name');
    online.term.type(KEY.enter);
    await online.ready('Customer phone');
    online.term.type(KEY.enter);
    await online.ready('Add an item');
    online.term.type(phone!.imei1);
    await online.ready(new RegExp(`❯ ${escape(phone!.name)}\\s+IMEI ${phone!.imei1}`));
    online.term.type(KEY.ctrlC);
    await online.term.exited;
    await server.stop();

    // Offline, at the same address: composed from the copy.
    const offline = saleAtTerminal(server.url);
    await offline.ready(/composing from the local copy of the catalogue and stock of \d{4}-\d\d-\d\d \d\d:\d\d \(0 minutes old\)/);
    expect(offline.term.screen()).toMatch(/service unreachable \(.*connection refused/);
    await offline.ready('Customer name');
    offline.term.type(`${KEY.backspace.repeat(20)}Halima Noor${KEY.enter}`);
    await offline.ready('Customer phone');
    offline.term.type(KEY.enter);
    await offline.ready('Add an item');
    offline.term.type(phone!.imei1);
    await offline.ready(new RegExp(`❯ ${escape(phone!.name)}\\s+IMEI ${phone!.imei1}`));
    offline.term.type(KEY.enter);
    await offline.ready('Discount on this line');
    offline.term.type(KEY.enter);
    await offline.ready('1 line: subtotal');
    await offline.ready('Done: go to payment (1 line');
    offline.term.type(KEY.enter);
    await offline.ready('Paid by (total');
    offline.term.type(KEY.enter);
    await offline.ready('Cash received');
    offline.term.type(KEY.enter);
    await offline.ready('What next?');
    offline.term.type(KEY.enter);
    await offline.ready(/kept in the offline outbox \(#1, /);
    expect(await offline.term.exited).toBe(0);
    // Nothing was asked by hand: no product id, cost or tax prompt.
    expect(offline.term.screen()).not.toMatch(/Product id|Unit cost|Tax rate/);

    // Offline again: the phone is sold here, in the kept sale, and said so.
    const again = saleAtTerminal(server.url);
    await again.ready('Customer name');
    again.term.type(KEY.enter);
    await again.ready('Customer phone');
    again.term.type(KEY.enter);
    await again.ready('Add an item');
    again.term.type(phone!.imei1);
    await again.ready(`${phone!.name}: not in stock, sold in sale #1 kept offline`);
    again.term.type(KEY.ctrlC);
    await again.term.exited;

    // Back online: the sync records it with the copy's product, cost, price and tax.
    const back = await startServer(server.port);
    const synced = await runCli(['--base-url', back.url, '--token', token, 'sale', 'sync'], { home });
    expect(synced.code, synced.stderr).toBe(0);
    const [line] = await query<{
      product_id: number;
      unit_id: number;
      price: number;
      cost: number;
      tax_rate_id: number;
      tax_rate: number;
      tax_inc_exc: number;
      issued_to: string;
    }>(
      `select l.item_product_id as product_id, l.item_spec_id as unit_id, l.price_cents / 100.0 as price, l.unit_cost_cents / 100.0 as cost,
              l.tax_rate_id, l.tax_rate_bp / 100.0 as tax_rate, l.tax_inc_exc, s.issued_to
         from cash_sale_lines l join cash_sales s on s.id = l.sale_id where l.item_spec_id = ?`,
      phone!.id,
    );
    expect(line).toEqual({
      product_id: phone!.productId,
      unit_id: phone!.id,
      price: phone!.price,
      cost: phone!.cost,
      tax_rate_id: phone!.taxRateId,
      tax_rate: phone!.taxRate,
      tax_inc_exc: phone!.taxIncExc,
      issued_to: 'Halima Noor',
    });
    // Delivered: out of the outbox and out of the copy's stock.
    // Beside the store the demo pointed the profile at.
    const outbox = await Outbox.open(join(home, 'shop.outbox.db'));
    try {
      expect(outbox.count()).toBe(0);
      expect(outbox.catalog.get(server.url, 1)).toBeDefined();
      const copy = outbox.catalog.get(server.url, 1)!;
      expect(copy.units.some((unit) => unit.id === phone!.id)).toBe(false);
      expect(copy.units.length).toBeGreaterThan(10);
    } finally {
      outbox.close();
    }
  }, 120_000);
});
