/**
 * Prompts for missing filters, in a pseudo-terminal as a person sees them; never with --no-input.
 * On the bundled server a zone, officer, property or landlord is picked from a list searched by
 * typing; against a server without that list, its id is typed in.
 * (In a pipe, never: test/cli/commands/usage.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_REFERENCE_PATH } from '../../src/contract/property-reference.js';
import { json, startServer, type TestServer } from '../client/http-fixture.js';
import { demoHome } from '../helpers/demo-store.js';
import { startTestServer, type TestServer as LocalServer } from '../helpers/local-server.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';

const { dir: home, db } = demoHome();

/** The id of the demo property or landlord of company 1 with this name, read from the store itself. */
const idNamed = (table: 'properties' | 'landlords' | 'zones', name: string) =>
  readRows<{ id: number }>(db, `select id from ${table} where company_id = 1 and name = ?`, name)[0]!.id;

describe('at a terminal', () => {
  it('paidbalance without a filter asks which filter, then offers the zones to pick from', async () => {
    const session = spawnPty(['--db', db, 'paidbalance'], { home });
    await session.waitFor('Report for');
    session.type(KEY.down); // a field officer
    session.type(KEY.up); // back to a zone
    session.type(KEY.enter);
    // The typed text narrows the list once it is drawn: then the first entry is the one chosen.
    await session.waitForNext(/Zone \(type part of its name or code\)[^❯]*❯ /);
    session.type('kasar');
    await session.waitForNext(/kasar\s*❯ Kasarani · \d+ propert/);
    session.type(KEY.enter);
    expect(await session.exited).toBe(0);
    expect(session.screen()).toContain(`zone ${idNamed('zones', 'Kasarani')}`);
    expect(session.screen()).toMatch(/VACANT/);
    expect(session.screen()).toMatch(/Total/);
  });

  it('paidbalance for a property: part of its name typed, the property picked from the list', async () => {
    const mutua = idNamed('properties', 'Mutua Residency');
    const session = spawnPty(['--db', db, 'paidbalance', '--month', '10', '--year', '2026'], { home });
    await session.waitFor('Report for');
    session.type(KEY.down + KEY.down + KEY.enter); // a property
    await session.waitForNext(/Property \(type part of its name or code\)[^❯]*❯ /);
    session.type('mutua');
    // The list narrows to the one property, shown with its code, landlord and units.
    await session.waitForNext(/mutua\s*❯ P\d+ Mutua Residency · .+ · \d+ units/);
    session.type(KEY.enter);
    expect(await session.exited).toBe(0);
    expect(session.screen()).toContain(`Paid and balance · company 1 · property ${mutua} · October 2026`);
    expect(session.screen()).toMatch(/Total/);
  });

  it('payadvice without --property offers the properties; statements without --landlord the landlords', async () => {
    const advice = spawnPty(['--db', db, 'payadvice'], { home });
    await advice.waitFor(/Property \(type part of its name or code\)[^❯]*❯ /);
    advice.type('wambui');
    await advice.waitForNext(/wambui\s*❯ P\d+ Wambui Residency/);
    advice.type(KEY.enter);
    expect(await advice.exited).toBe(0);
    expect(advice.screen()).toMatch(/Net amount due/);

    const statements = spawnPty(['--db', db, 'statements', '--fields', 'id,propertyName,lldName'], { home });
    await statements.waitFor(/Landlord \(type part of its name or code\)[^❯]*❯ /);
    const [landlord] = readRows<{ id: number; code: string; name: string }>(
      db,
      'select l.id, l.code, l.name from landlords l where l.company_id = 1 and exists (select 1 from statements s where s.landlord_id = l.id) order by l.id limit 1',
    );
    statements.type(landlord!.code);
    await statements.waitForNext(new RegExp(`${landlord!.code}\\s*❯ ${landlord!.code} ${landlord!.name}`));
    statements.type(KEY.enter);
    expect(await statements.exited).toBe(0);
    // The command's output, not the pick list: every statement of the landlord with its property.
    const expected = readRows<{ id: number; name: string }>(
      db,
      'select s.id, p.name from statements s join properties p on p.id = s.property_id where s.landlord_id = ?',
      landlord!.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    const output = statements.screen().slice(statements.screen().lastIndexOf(`${landlord!.code} ${landlord!.name}`));
    for (const { id, name } of expected) expect(output).toMatch(new RegExp(`\\b${id}\\b.*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('Ctrl-C at a prompt exits 130 without a stack trace', async () => {
    const session = spawnPty(['--db', db, 'statements'], { home });
    await session.waitFor('Landlord (type part');
    session.type(KEY.ctrlC);
    expect(await session.exited).toBe(130);
    expect(session.screen()).not.toMatch(/\n\s+at /);
  });

  it('--no-input never prompts: the missing flag is named and the exit code is 2', async () => {
    const session = spawnPty(['--db', db, '--no-input', 'paidbalance'], { home });
    expect(await session.exited).toBe(2);
    expect(session.screen()).toMatch(/missing filter: give --zone, --officer or --property/);
  });
});

describe('at a terminal, against a server without the local lists', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      if (request.pathname === '/api/propertystmt/paidbalance') return json(response, 200, []);
      json(response, 404, { message: 'Not Found' });
    });
  });
  afterAll(async () => server.close());

  it('paidbalance asks for the property id, refuses a non-number, and sends the id typed', async () => {
    const session = spawnPty(['--base-url', server.url, '--token', 'theirs', '--company', '1', 'paidbalance'], { home });
    await session.waitFor('Report for');
    session.type(KEY.down + KEY.down + KEY.enter);
    await session.waitForNext('Property id');
    session.type(`abc${KEY.enter}`);
    await session.waitForNext('positive whole number');
    for (let i = 0; i < 3; i++) session.type(KEY.backspace);
    session.type(`7${KEY.enter}`);
    expect(await session.exited).toBe(0);
    expect(server.seen.map((r) => r.pathname)).toEqual([PROPERTY_REFERENCE_PATH, '/api/propertystmt/paidbalance']);
    expect(server.seen[1]!.query).toMatchObject({ companyId: '1', propertyId: '7' });
  });
});

describe('at a terminal, against shopprop serve', () => {
  let local: LocalServer;
  beforeAll(async () => {
    local = await startTestServer();
  });
  afterAll(async () => local.close());

  it("an accountant picks the landlord of statements from the server's list", async () => {
    const [landlord] = local.store.sqlite
      .prepare(
        'select l.id, l.code, l.name from landlords l where l.company_id = 1 and exists (select 1 from statements s where s.landlord_id = l.id) order by l.id desc limit 1',
      )
      .all() as { id: number; code: string; name: string }[];
    const session = spawnPty(
      ['--base-url', local.url, '--token', local.tokenFor(1, 'accountant'), '--company', '1', 'statements', '--format', 'csv', '--fields', 'id,lldName'],
      { home },
    );
    await session.waitFor(/Landlord \(type part of its name or code\)[^❯]*❯ /);
    const surname = landlord!.name.split(' ').at(-1)!;
    session.type(surname.toLowerCase());
    await session.waitForNext(new RegExp(`${surname.toLowerCase()}\\s*❯ ${landlord!.code} ${landlord!.name}`));
    session.type(KEY.enter);
    expect(await session.exited).toBe(0);
    const statements = local.store.sqlite.prepare('select id from statements where landlord_id = ?').all(landlord!.id) as { id: number }[];
    for (const { id } of statements) expect(session.screen()).toMatch(new RegExp(`^${id},${landlord!.name}\\r?$`, 'm'));
  });
});
