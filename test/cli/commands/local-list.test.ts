/**
 * `shopprop local list <kind>` on a store filled by hand: two companies made with `local company
 * create`, landlords, properties and units imported from files written here, a token made with
 * `local token create`. Every expected row is read off those files, not off the code under test.
 * In-process CLI on a real SQLite file.
 */
import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
const db = join(temp.dir, 'hand.db');
const TOKEN_MADE = Date.UTC(2026, 10, 20, 6, 30, 0);

const cli = (args: string[], extra: Record<string, string> = {}) => runInProcess(['--db', db, ...args], { home: temp.dir, extra, now: () => TOKEN_MADE });

async function ok(args: string[]): Promise<string> {
  const result = await cli(args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

function file(name: string, text: string): string {
  const path = join(temp.dir, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  await ok(['local', 'company', 'create', '--name', 'Acme Homes', '--shops', 'Town,Mall']);
  await ok(['local', 'company', 'create', '--name', 'Baobab Lettings']);
  await ok([
    '--company',
    '1',
    'local',
    'import',
    'landlords',
    file('landlords1.csv', 'code,name,email,phone\nL1,Jane Wanjiru,jane@example.com,+254700000010\nL2,Otieno Kamau,,+254700000020\n'),
  ]);
  await ok([
    '--company',
    '1',
    'local',
    'import',
    'properties',
    file(
      'properties1.csv',
      'code,name,landlord_code,lr_no,email,zone,field_officer,man_fee_rate,lld_payment_type\n' +
        'P1,Riverside Flats,L1,LR 209/1,,Westlands,Peter Otieno,10,COMBINED\n' +
        'P2,Hilltop Court,L1,,,Kilimani,Peter Otieno,8,COMBINED\n' +
        'P3,Garden View,L2,,,Westlands,Mary Njeri,10,RENT_ONLY\n',
    ),
  ]);
  await ok([
    '--company',
    '1',
    'local',
    'import',
    'units',
    file(
      'units1.csv',
      'property_code,unit_no,market_rent,service_charge,service,rent_tax_rate,service_tax_rate\nP1,A1,25000,2000,,0,16\nP1,A2,20000,2000,,0,16\nP1,A3,20000,0,,0,0\nP2,B1,40000,0,,0,0\n',
    ),
  ]);
  await ok(['--company', '2', 'local', 'import', 'landlords', file('landlords2.csv', 'code,name,email,phone\nL9,Amina Hassan,amina@example.com,\n')]);
  await ok([
    '--company',
    '2',
    'local',
    'import',
    'properties',
    file(
      'properties2.csv',
      'code,name,landlord_code,lr_no,email,zone,field_officer,man_fee_rate,lld_payment_type\nQ1,Baobab House,L9,,,Karen,Peter Otieno,12,COMBINED\n',
    ),
  ]);
  await ok(['local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', 'Back office']);
}, 60_000);
afterAll(() => temp.remove());

// Ids in the order the rows were made: zones and officers as the property files first name them.
const PROPERTIES_1 = [
  {
    id: 1,
    companyId: 1,
    code: 'P1',
    name: 'Riverside Flats',
    landlordId: 1,
    landlord: 'Jane Wanjiru',
    zoneId: 1,
    zone: 'Westlands',
    fieldOfficerId: 1,
    fieldOfficer: 'Peter Otieno',
    units: 3,
  },
  {
    id: 2,
    companyId: 1,
    code: 'P2',
    name: 'Hilltop Court',
    landlordId: 1,
    landlord: 'Jane Wanjiru',
    zoneId: 2,
    zone: 'Kilimani',
    fieldOfficerId: 1,
    fieldOfficer: 'Peter Otieno',
    units: 1,
  },
  {
    id: 3,
    companyId: 1,
    code: 'P3',
    name: 'Garden View',
    landlordId: 2,
    landlord: 'Otieno Kamau',
    zoneId: 1,
    zone: 'Westlands',
    fieldOfficerId: 2,
    fieldOfficer: 'Mary Njeri',
    units: 0,
  },
];

describe('local list, one company', () => {
  it('properties: code, name, landlord, zone, officer and unit count, in code order', async () => {
    expect(JSON.parse(await ok(['--company', '1', 'local', 'list', 'properties', '--format', 'json']))).toEqual(PROPERTIES_1);
  });

  it('landlords, zones (by name) and field officers, each with how many properties', async () => {
    expect(JSON.parse(await ok(['--company', '1', 'local', 'list', 'landlords', '--format', 'json']))).toEqual([
      { id: 1, companyId: 1, code: 'L1', name: 'Jane Wanjiru', phone: '+254700000010', email: 'jane@example.com', properties: 2 },
      { id: 2, companyId: 1, code: 'L2', name: 'Otieno Kamau', phone: '+254700000020', email: null, properties: 1 },
    ]);
    expect(JSON.parse(await ok(['--company', '1', 'local', 'list', 'zones', '--format', 'json']))).toEqual([
      { id: 2, companyId: 1, name: 'Kilimani', properties: 1 },
      { id: 1, companyId: 1, name: 'Westlands', properties: 2 },
    ]);
    expect(JSON.parse(await ok(['--company', '1', 'local', 'list', 'officers', '--format', 'json']))).toEqual([
      { id: 2, companyId: 1, name: 'Mary Njeri', phone: null, properties: 1 },
      { id: 1, companyId: 1, name: 'Peter Otieno', phone: null, properties: 2 },
    ]);
  });

  it('shops, cashbooks, users and tokens of the company (never a token itself)', async () => {
    expect(JSON.parse(await ok(['--company', '1', 'local', 'list', 'shops', '--format', 'json']))).toEqual([
      { id: 1, companyId: 1, name: 'Town', location: null, phone: null, unitsInStock: 0 },
      { id: 2, companyId: 1, name: 'Mall', location: null, phone: null, unitsInStock: 0 },
    ]);
    const cashbooks = await ok(['--company', '2', 'local', 'list', 'cashbooks', '--format', 'csv']);
    expect(cashbooks).toBe('id,code,name,companyId\r\n6,BANK,Bank (cheques),2\r\n4,CASH,Cash at hand,2\r\n5,MPESA,M-Pesa till,2\r\n');
    const users = JSON.parse(await ok(['--company', '1', 'local', 'list', 'users', '--format', 'json'])) as { id: number; name: string; role: string }[];
    expect(users.map((u) => [u.id, u.name, u.role])).toEqual([
      [1, 'Acme Homes admin', 'admin'],
      [3, 'Back office', 'accountant'],
    ]);
    const tokens = await ok(['--company', '1', 'local', 'list', 'tokens', '--format', 'ndjson', '--raw']);
    expect(tokens).toBe(
      `${JSON.stringify({ id: 1, name: 'Back office', role: 'accountant', companyId: 1, userId: 3, createdAt: TOKEN_MADE, revokedAt: null })}\n`,
    );
    expect(await ok(['--company', '2', 'local', 'list', 'tokens', '--format', 'json'])).toBe('[]\n');
  });

  it('a table on 80 columns: the picking columns, no company column for one company', async () => {
    const result = await cli(['--company', '1', 'local', 'list', 'landlords', '--format', 'table'], { COLUMNS: '80' });
    expect(result.code, result.stderr).toBe(0);
    const header = result.stdout.split('\n')[1]!;
    expect(
      header
        .split('│')
        .map((cell) => cell.trim())
        .filter(Boolean),
    ).toEqual(['Id', 'Code', 'Landlord', 'Phone', 'Email', 'Properties']);
    expect(result.stdout).toMatch(/│\s+2 │ L2\s+│ Otieno Kamau\s+│ \+254700000020 │\s+│\s+1 │/);
  });

  it('--fields chooses the columns; an unknown field is refused with the valid ones', async () => {
    expect(await ok(['--company', '1', 'local', 'list', 'properties', '--fields', 'code,units', '--format', 'csv'])).toBe(
      'code,units\r\nP1,3\r\nP2,1\r\nP3,0\r\n',
    );
    const refused = await cli(['--company', '1', 'local', 'list', 'zones', '--fields', 'id,title']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/title/);
    expect(refused.stderr).toMatch(/properties/);
  });

  it('-o list.xlsx writes a workbook of the rows', async () => {
    const out = join(temp.dir, 'properties.xlsx');
    await ok(['--company', '1', 'local', 'list', 'properties', '-o', out]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Properties');
    expect(sheet.getRow(1).getCell(1).value).toBe('Properties');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Id',
      'Code',
      'Property',
      'Landlord id',
      'Landlord',
      'Zone id',
      'Zone',
      'Officer id',
      'Field officer',
      'Units',
      'Company',
    ]);
    expect(sheet.getRow(5).values).toEqual([undefined, 3, 'P3', 'Garden View', 2, 'Otieno Kamau', 1, 'Westlands', 2, 'Mary Njeri', 0, 1]);
    expect(sheet.rowCount).toBe(5);
  });

  it('--start and --limit take a part, saying how many there are; --all is every row', async () => {
    const part = await cli(['--company', '1', 'local', 'list', 'properties', '--start', '1', '--limit', '1', '--fields', 'code', '--format', 'csv']);
    expect(part.stdout).toBe('code\r\nP2\r\n');
    expect(part.stderr).toMatch(/showing 1 of 2; --all for every page/);
    expect(await ok(['--company', '1', 'local', 'list', 'properties', '--all', '--start', '1', '--fields', 'code', '--format', 'csv'])).toBe(
      'code\r\nP2\r\nP3\r\n',
    );
  });
});

describe('local list, every company', () => {
  it("with no company set, or --all-companies, every company's rows, the company shown in tables", async () => {
    const expected = 'id,name,properties,companyId\r\n2,Kilimani,1,1\r\n1,Westlands,2,1\r\n3,Karen,1,2\r\n';
    expect(await ok(['local', 'list', 'zones', '--format', 'csv'])).toBe(expected);
    expect(await ok(['local', 'list', 'zones', '--all-companies', '--format', 'csv'])).toBe(expected);
    const table = await cli(['local', 'list', 'officers', '--format', 'table'], { COLUMNS: '100' });
    expect(
      table.stdout
        .split('\n')[1]!
        .split('│')
        .map((cell) => cell.trim())
        .filter(Boolean),
    ).toEqual(['Id', 'Company', 'Field officer', 'Phone', 'Properties']);
  });

  it("SHOPPROP_COMPANY (like the profile's companyId) picks one company; --all-companies overrides it", async () => {
    const env = { SHOPPROP_COMPANY: '2' };
    const one = await cli(['local', 'list', 'properties', '--fields', 'code,name,landlord,zone,fieldOfficer', '--format', 'csv'], env);
    expect(one.stdout).toBe('code,name,landlord,zone,fieldOfficer\r\nQ1,Baobab House,Amina Hassan,Karen,Peter Otieno\r\n');
    const every = await cli(['local', 'list', 'properties', '--all-companies', '--fields', 'code', '--format', 'csv'], env);
    expect(every.stdout).toBe('code\r\nP1\r\nP2\r\nP3\r\nQ1\r\n');
  });
});

describe('local list, refused', () => {
  it('an unknown kind is a usage error listing the kinds, the closest first', async () => {
    const result = await cli(['local', 'list', 'propertys']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^shopprop: unknown list "propertys"; the lists are: "properties", /);
    for (const kind of ['zones', 'officers', 'landlords', 'shops', 'cashbooks', 'users', 'tokens']) expect(result.stderr).toContain(`"${kind}"`);
  });

  it('a company not in the store is not found (exit 3); --company with --all-companies is a usage error', async () => {
    const missing = await cli(['--company', '7', 'local', 'list', 'zones']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('shopprop: no company 7 in the local store\n');
    const both = await cli(['--company', '1', 'local', 'list', 'zones', '--all-companies']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--all-companies and --company/);
  });
});
