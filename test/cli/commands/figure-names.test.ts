/**
 * One figure, one name: the pay advice at the terminal and the statement's PDF name the
 * landlord's figures alike, with the same amounts (Baobab Court, March 2026: service charges
 * received 3,034.48, tax collected for the landlord 165.52). In-process, on a local store.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FIGURE_NAMES } from '../../../src/domain/figure-names.js';
import { seedCompanies } from '../../../src/store/sqlite/demo/core-demo.js';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { importBaobab } from '../../helpers/baobab-store.js';
import { freshHomeEachTest } from '../../helpers/cli-home.js';
import { readPdf } from '../../helpers/pdf-read.js';

const home = freshHomeEachTest();

it('names every figure the pay advice and the statement PDF both show alike, with the same amount', async () => {
  const h = home();
  const store = await openStore(h.db);
  let ids;
  try {
    store.sqlite.transaction(() => seedCompanies(store))();
    ids = await importBaobab(store, 1);
  } finally {
    await store.close();
  }
  const scope = ['--company', '1', '--property', String(ids.propertyId), '--month', '3', '--year', '2026'];
  const advice = await h.cli(['payadvice', ...scope, '--format', 'table', '--wide']);
  expect(advice.code, advice.stderr).toBe(0);
  const prepared = await h.cli(['local', 'statement', 'prepare', ...scope, '--format', 'json']);
  expect(prepared.code, prepared.stderr).toBe(0);
  const pdfFile = join(h.dir, 's.pdf');
  const listed = await h.cli(['statements', '--company', '1', '--landlord', String(ids.landlordId), '--format', 'json']);
  const statementId = (JSON.parse(listed.stdout) as { id: number }[])[0]!.id;
  const saved = await h.cli(['statement-pdf', String(statementId), '-o', pdfFile]);
  expect(saved.code, saved.stderr).toBe(0);
  const pdf = (await readPdf(readFileSync(pdfFile))).text;

  const shared = [
    FIGURE_NAMES.rentReceived,
    FIGURE_NAMES.serviceChargesReceived,
    FIGURE_NAMES.taxForLandlord,
    FIGURE_NAMES.managementFeesVat,
    FIGURE_NAMES.expenses,
    FIGURE_NAMES.totalDeductions,
    FIGURE_NAMES.balanceBf,
    FIGURE_NAMES.netAmountDue,
  ];
  for (const name of shared) {
    const onScreen = new RegExp(`│ ${name}\\s+│\\s+(-?[\\d,]+\\.\\d\\d) │`).exec(advice.stdout)?.[1];
    expect(onScreen, `${name} at the terminal:\n${advice.stdout}`).toBeDefined();
    expect(pdf, `${name} in the PDF`).toMatch(new RegExp(`${name}\\s+(KES )?${onScreen!.replace('.', '\\.')}`));
  }
  expect(advice.stdout).toMatch(/│ Service charges received\s+│\s+3,034\.48 │/);
  expect(advice.stdout).not.toMatch(/│ Utility /);
});
