/**
 * A totals row under one page of a longer list is the page's total, and says so: "showing 50 of
 * 900" beside a plain "Total" read as the total of all 900. The whole list's is "Total".
 * In-process over the demo store.
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../../helpers/demo-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

const { dir: home, db } = demoHome();
const list = (...args: string[]) => runInProcess(['--db', db, 'sale', 'list', ...args, '--format', 'table'], { home, extra: { COLUMNS: '80' } });
const totalsRow = (text: string) => text.split('\n').find((line) => /^│ (Page total|Total)\b/.test(line)) ?? '';

describe('the totals row of the sale list', () => {
  it('is labelled the page total when the page is part of the list, and adds up the page', async () => {
    const page = await list('--limit', '5');
    expect(page.code, page.stderr).toBe(0);
    expect(page.stderr).toContain('showing 5 of 900');
    expect(totalsRow(page.stdout)).toMatch(/^│ Page total\s+│/);
    const totals = [...page.stdout.matchAll(/^│ \d{4}-\d\d-\d\d │[^│]+│[^│]+│\s+([\d,]+\.\d\d) │/gm)].map((m) =>
      Math.round(Number(m[1]!.replaceAll(',', '')) * 100),
    );
    expect(totals).toHaveLength(5);
    const sum = totals.reduce((a, b) => a + b, 0);
    expect(totalsRow(page.stdout)).toContain(`${(sum / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} │`);
  });

  it('is the Total when every sale is shown', async () => {
    const all = await list('--all');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).not.toContain('showing');
    expect(totalsRow(all.stdout)).toMatch(/^│ Total\s+│/);
  });
});
