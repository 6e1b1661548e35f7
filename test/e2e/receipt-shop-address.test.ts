/**
 * Each shop's receipt carries its own address, tested per shop with the built binary on the
 * demo: a sale of each of the three shops is printed (58 mm and 80 mm text, and the PDF), and
 * shows its shop's name and address, never another shop's. A shop with no address of its own
 * prints the company's. `local shop set` changes two shops' addresses and phones, and each prints
 * its own.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../helpers/pdf-read.js';
import { runCli } from '../helpers/run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'shopprop-shops-'));
const db = join(home, 'demo.db');
const cli = (...args: string[]) => runCli(['--db', db, ...args], { home, timeoutMs: 60_000 });

const SHOPS = [
  { name: 'Moi Avenue shop', address: 'Moi Avenue 12, Nairobi' },
  { name: 'Westlands shop', address: 'Woodvale Grove 4, Westlands, Nairobi' },
  { name: 'Mombasa Road shop', address: 'Panari Centre, Mombasa Road, Nairobi' },
];
let shopIds: Map<string, number>;

beforeAll(async () => {
  expect((await runCli(['demo', '--db', db], { home, timeoutMs: 120_000 })).code).toBe(0);
  const shops = JSON.parse((await cli('local', 'list', 'shops', '--company', '1', '--format', 'json')).stdout) as {
    id: number;
    name: string;
    location: string;
  }[];
  shopIds = new Map(shops.map((s) => [s.name, s.id]));
}, 120_000);

/** The receipt number of the shop's newest sale. */
async function receiptOf(shopId: number): Promise<string> {
  const listed = await cli('sale', 'list', '--shop', String(shopId), '--format', 'json', '--limit', '1');
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { receiptNo: string }[])[0]!.receiptNo;
}

describe.each(SHOPS)('a receipt of $name', (shop) => {
  it("prints its own address, at both widths and in the PDF, and no other shop's", async () => {
    const receiptNo = await receiptOf(shopIds.get(shop.name)!);
    const others = SHOPS.filter((s) => s !== shop).map((s) => s.address);
    const pdfFile = join(home, `${receiptNo}.pdf`);
    const pdf = await cli('receipt', 'print', receiptNo, '--pdf', pdfFile);
    expect(pdf.code, pdf.stderr).toBe(0);
    const pdfText = (await readPdf(readFileSync(pdfFile))).text.replace(/\s+/g, ' ');
    for (const width of ['32', '48']) {
      const printed = await cli('receipt', 'print', receiptNo, '--width', width);
      expect(printed.code, printed.stderr).toBe(0);
      const flat = printed.stdout.replace(/\s+/g, ' ');
      expect(flat).toContain(shop.name);
      expect(flat).toContain(shop.address);
      for (const other of others) expect(flat).not.toContain(other);
    }
    expect(pdfText).toContain(shop.address);
    for (const other of others) expect(pdfText).not.toContain(other);
  }, 60_000);
});

describe('local shop set', () => {
  it("changes two shops' addresses and phones: each prints its own on its receipts, never the other's", async () => {
    const moi = shopIds.get('Moi Avenue shop')!;
    const mombasa = shopIds.get('Mombasa Road shop')!;
    const set = await cli('local', 'shop', 'set', String(moi), '--company', '1', '--address', 'Kimathi Street 7, Nairobi', '--phone', '0711 000 111');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe(`shop ${moi} (Moi Avenue shop) of company 1: Kimathi Street 7, Nairobi; phone +254711000111\n`);
    const other = await cli('local', 'shop', 'set', String(mombasa), '--company', '1', '--address', 'Likoni Road 2, Mombasa', '--phone', '+254 733 000222');
    expect(other.code, other.stderr).toBe(0);
    const listed = JSON.parse((await cli('local', 'list', 'shops', '--company', '1', '--format', 'json')).stdout) as {
      id: number;
      location: string;
      phone: string;
    }[];
    expect(listed.find((s) => s.id === moi)).toMatchObject({ location: 'Kimathi Street 7, Nairobi', phone: '+254711000111' });
    expect(listed.find((s) => s.id === mombasa)).toMatchObject({ location: 'Likoni Road 2, Mombasa', phone: '+254733000222' });

    let prints = 0;
    const printed = async (shopId: number) => {
      const receiptNo = await receiptOf(shopId);
      const text = await cli('receipt', 'print', receiptNo, '--width', '48');
      expect(text.code, text.stderr).toBe(0);
      const pdfFile = join(home, `set-${++prints}-${receiptNo}.pdf`);
      expect((await cli('receipt', 'print', receiptNo, '--pdf', pdfFile)).code).toBe(0);
      return { text: text.stdout.replace(/\s+/g, ' '), pdf: (await readPdf(readFileSync(pdfFile))).text.replace(/\s+/g, ' ') };
    };
    const moiReceipt = await printed(moi);
    const mombasaReceipt = await printed(mombasa);
    for (const shown of [moiReceipt.text, moiReceipt.pdf]) {
      expect(shown).toContain('Kimathi Street 7, Nairobi');
      expect(shown).toContain('+254711000111');
      expect(shown).not.toContain('Likoni Road');
      expect(shown).not.toContain('+254733000222');
    }
    for (const shown of [mombasaReceipt.text, mombasaReceipt.pdf]) {
      expect(shown).toContain('Likoni Road 2, Mombasa');
      expect(shown).toContain('+254733000222');
      expect(shown).not.toContain('Kimathi Street');
      expect(shown).not.toContain('+254711000111');
    }

    // Removed, the shop's receipts print the company's phone.
    expect((await cli('local', 'shop', 'set', String(mombasa), '--company', '1', '--no-phone')).code).toBe(0);
    expect((await printed(mombasa)).text).toContain('Tel +254 700 100 100');
  }, 120_000);

  it('refuses what is not a phone or an address, and a shop of another company, changing nothing', async () => {
    const moi = shopIds.get('Moi Avenue shop')!;
    const before = (await cli('local', 'list', 'shops', '--company', '1', '--format', 'json')).stdout;
    const notPhone = await cli('local', 'shop', 'set', String(moi), '--company', '1', '--phone', 'abc');
    expect(notPhone.code).toBe(2);
    expect(notPhone.stderr).toMatch(/^shopprop: the phone "abc" is not a phone number/);
    const blank = await cli('local', 'shop', 'set', String(moi), '--company', '1', '--address', ' ');
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/the address is empty/);
    const elsewhere = await cli('local', 'shop', 'set', String(moi), '--company', '2', '--address', 'Kampala Road 9');
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toBe(`shopprop: no shop ${moi} in company 2; \`shopprop local list shops\` lists them\n`);
    expect((await cli('local', 'list', 'shops', '--company', '1', '--format', 'json')).stdout).toBe(before);
  }, 60_000);
});
