/**
 * Statements read as a workflow: one status per statement (INTERIM draft, FINAL, approved,
 * paid), approval fields present (null) before approval, and no totals row that would add
 * INTERIM drafts to FINAL figures. In-process over the demo store.
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../../helpers/demo-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { statementStatus } from '../../../src/cli/output/statement-status.js';

const { dir: home, db } = demoHome();

const cli = (...args: string[]) => runInProcess(['--db', db, ...args], { home, extra: { COLUMNS: '120' } });

describe('statement status', () => {
  it('decides one status from the type, the approval and the paid/posted state', () => {
    expect(statementStatus({ statementType: 'INTERIM', approvedForPmt: null }, false)).toBe('INTERIM draft');
    expect(statementStatus({ statementType: 'FINAL', approvedForPmt: null }, false)).toBe('FINAL');
    expect(statementStatus({ statementType: 'FINAL', approvedForPmt: 'YES' }, false)).toBe('approved');
    expect(statementStatus({ statementType: 'FINAL', approvedForPmt: 'YES' }, true)).toBe('paid');
  });

  it('lists each statement with its status and the approval fields, null before approval', async () => {
    const all = await cli('statements', '--landlord', '1', '--format', 'json');
    expect(all.code, all.stderr).toBe(0);
    const records = JSON.parse(all.stdout) as Record<string, unknown>[];
    const paid = new Set(
      (JSON.parse((await cli('statements', '--landlord', '1', '--status', 'YES', '--format', 'json')).stdout) as { id: number }[]).map((s) => s.id),
    );
    expect(paid.size).toBeGreaterThan(0);
    for (const record of records) {
      for (const field of ['dateApproved', 'approvedById', 'approvedByName', 'approvedForPmt'])
        expect(record, `${String(record.id)} ${field}`).toHaveProperty(field);
      const expected =
        record.statementType === 'INTERIM' ? 'INTERIM draft' : paid.has(record.id as number) ? 'paid' : record.approvedForPmt === 'YES' ? 'approved' : 'FINAL';
      expect(record.status, String(record.id)).toBe(expected);
      if (record.statementType === 'INTERIM') expect([record.dateApproved, record.approvedForPmt]).toEqual([null, null]);
    }
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(['INTERIM draft', 'approved', 'paid']));
  });

  it('adds no INTERIM figures to FINAL ones: a mixed table has no totals row and says why; a FINAL-only one has', async () => {
    const mixed = await cli('statements', '--landlord', '1', '--format', 'table');
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toContain('INTERIM draft');
    expect(mixed.stdout).not.toMatch(/│ Total /);
    expect(mixed.stderr).toContain('no totals row: INTERIM drafts and FINAL statements are not added together');
    const paidOnly = await cli('statements', '--landlord', '1', '--status', 'YES', '--format', 'table');
    expect(paidOnly.stdout).toMatch(/│ Total /);
    expect(paidOnly.stdout).not.toContain('INTERIM');
  });
});

describe('statements as CSV', () => {
  it('leaves the rent details HTML out unless --fields asks for it', async () => {
    const plain = await cli('statements', '--landlord', '1', '--format', 'csv');
    expect(plain.code, plain.stderr).toBe(0);
    const header = plain.stdout.split('\r\n')[0]!.split(',');
    expect(header).not.toContain('rentDetailsHtml');
    expect(header).toContain('status');
    expect(plain.stdout).not.toContain('<table');
    const asked = await cli('statements', '--landlord', '1', '--format', 'csv', '--fields', 'id,rentDetailsHtml');
    expect(asked.stdout.split('\r\n')[0]).toBe('id,rentDetailsHtml');
    expect(asked.stdout).toContain('<table');
  });
});
