/**
 * Data from the server printed on a terminal as json, ndjson or csv carries no control
 * characters (ESC, BEL, CSI as U+009B, DEL, bidirectional overrides); written to a file or a
 * pipe it is kept exactly.
 */
import { describe, expect, it } from 'vitest';
import { cashSaleColumns } from '../../../src/cli/output/columns/cash-sale.js';
import { tableCell } from '../../../src/cli/output/cells.js';
import { renderRecords } from '../../../src/cli/output/render.js';
import { TextSink } from './sink.js';

const HOSTILE = { id: 1, issuedTo: 'Eve\u001b]0;owned\u0007 \u009b2J\u007f\u202eevil', notes: 'a\u001b[31mred', totalAmount: 5 };

async function text(format: 'json' | 'ndjson' | 'csv', terminal: boolean): Promise<string> {
  const sink = new TextSink();
  await renderRecords([HOSTILE], sink, { format, columns: cashSaleColumns, fields: ['id', 'issuedTo', 'notes', 'totalAmount'], raw: true, terminal });
  return sink.text;
}

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('server data on a terminal', () => {
  it.each(['json', 'ndjson', 'csv'] as const)('%s on a terminal holds no control character', async (format) => {
    const shown = await text(format, true);
    expect(shown).not.toMatch(UNSAFE);
    expect(shown).toContain('Eve');
  });

  it('csv to a file or a pipe keeps the text exactly', async () => {
    expect(await text('csv', false)).toContain(HOSTILE.issuedTo);
  });

  it('json to a file or a pipe keeps the data exactly', async () => {
    expect(JSON.parse(await text('json', false))[0].issuedTo).toBe(HOSTILE.issuedTo);
  });
});

describe('a table cell', () => {
  const cell = (text: string) => tableCell(text, { key: 'notes', header: 'Notes', kind: 'text' }, 'UTC');

  it('cannot carry a bidirectional override or isolate, an escape, CSI or DEL: each shows as U+FFFD', () => {
    expect(cell('paid \u202e0001\u202c KES')).toBe('paid \ufffd0001\ufffd KES');
    expect(cell('\u2066a\u2069 \u200fb')).toBe('\ufffda\ufffd \ufffdb');
    expect(cell('a\u001b[31mred\u009b2J\u007f\r')).toBe('a\ufffd[31mred\ufffd2J\ufffd\ufffd');
  });

  it('keeps its line breaks and shows a tab as a space', () => {
    expect(cell('line one\nline\ttwo')).toBe('line one\nline two');
  });
});

describe("on a terminal, the output's own layout stays", () => {
  it('tabs, line feeds and carriage returns of a value pass; an override does not', async () => {
    const sink = new TextSink();
    // CSV writes a value's characters as they are (JSON would escape the whitespace itself).
    await renderRecords([{ id: 1, notes: 'a\tb\r\nc\u202ed' }], sink, {
      format: 'csv',
      columns: cashSaleColumns,
      fields: ['id', 'notes'],
      raw: true,
      terminal: true,
    });
    expect(sink.text).toContain('"a\tb\r\nc\ufffdd"');
  });
});
