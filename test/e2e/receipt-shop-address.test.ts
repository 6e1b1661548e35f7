/**
 * Each shop's receipt carries its own address, tested per shop with the built binary on the
 * demo: a sale of each of the three shops is printed (58 mm and 80 mm text, and the PDF), and
 * shows its shop's name and address, never another shop's. A shop with no address of its own
 * prints the company's.
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
