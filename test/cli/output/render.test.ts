import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CashSaleRecord } from '../../../src/contract/index.js';
import { cashSaleColumns, saleItemColumns } from '../../../src/cli/output/columns/index.js';
import { OutputUsageError } from '../../../src/cli/output/errors.js';
import { formatCents } from '../../../src/cli/output/money-text.js';
import { renderRecords, type RenderOptions } from '../../../src/cli/output/render.js';
import { SlowSink, TextSink } from './sink.js';

// 2024-06-10 08:00 Nairobi; 2024-05-31 22:00 UTC is 1 June in Nairobi.
const JUNE_10 = Date.UTC(2024, 5, 10, 5, 0);
const MAY_31_LATE_UTC = Date.UTC(2024, 4, 31, 22, 0);

function sale(overrides: Partial<CashSaleRecord> = {}): CashSaleRecord {
  return {
    id: 1,
    issueDate: JUNE_10,
    issuedTo: 'Jane Doe',
    issuedToPhone: '+254700000001',
    amountPaid: 1234.5,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo: null,
    receiptNo: 'RCT-0001',
    notes: null,
    companyId: 1,
    cashbookId: 2,
    retailShopId: 3,
    userId: 4,
    totalDiscount: 0,
    totalTax: 170.28,
    subTotal: 1064.22,
    totalAmount: 1234.5,
    balance: 0,
    ...overrides,
  };
}

async function render(records: Iterable<object> | AsyncIterable<object>, opts: Omit<RenderOptions, 'columns'> & { columns?: RenderOptions['columns'] }) {
  const sink = new TextSink();
  const count = await renderRecords(records, sink, { columns: cashSaleColumns, ...opts });
  return { text: sink.text, count };
}

const tricky = [
  sale({ id: 1, issuedTo: 'Doe, Jane', notes: 'said "thanks"' }),
  sale({ id: 2, issuedTo: 'Line\nbreak', notes: 'a,"b",\r\nc' }),
  sale({ id: 3, issuedTo: 'Plain', notes: null, refNo: '=SUM(A1)', totalAmount: -1234.5 }),
];

describe('csv', () => {
  it('quotes commas, quotes and line breaks so a CSV reader gets every value back', async () => {
    const { text, count } = await render(tricky, { format: 'csv' });
    expect(count).toBe(3);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.issuedTo)).toEqual(['Doe, Jane', 'Line\nbreak', 'Plain']);
    expect(rows.map((row) => row.notes)).toEqual(['said "thanks"', 'a,"b",\r\nc', '']);
    // A formula is shown as text, not run (OWASP CSV injection; see csv-injection.test.ts).
    expect(rows[2]?.refNo).toBe("'=SUM(A1)");
    // A lone LF is quoted too: readers that split records on any line break (spreadsheet apps,
    // line tools) would otherwise cut the record in two.
    expect(text).toContain(',"Line\nbreak",');
  });

  it('writes RFC 4180: a header row of field names, CRLF line ends, quotes only where needed', async () => {
    const { text } = await render([sale()], { format: 'csv', fields: ['id', 'issuedTo', 'totalAmount'] });
    expect(text).toBe('id,issuedTo,totalAmount\r\n1,Jane Doe,1234.50\r\n');
  });

  it('writes money with two fixed decimals and no separators, dates as ISO, null as empty', async () => {
    const { text } = await render([sale({ totalAmount: 1234567.5, refNo: null })], {
      format: 'csv',
      fields: ['totalAmount', 'issueDate', 'refNo', 'id'],
    });
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect(row).toEqual({ totalAmount: '1234567.50', issueDate: '2024-06-10T08:00:00.000+03:00', refNo: '', id: '1' });
  });

  it('keeps epoch ms with raw', async () => {
    const { text } = await render([sale()], { format: 'csv', fields: ['issueDate'], raw: true });
    expect(text).toBe(`issueDate\r\n${JUNE_10}\r\n`);
  });

  it('writes nested values as JSON text', async () => {
    const { text } = await render([{ ...sale(), notes: { lines: [1, 2] } } as object], { format: 'csv', fields: ['notes'] });
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect(JSON.parse(row?.notes ?? '')).toEqual({ lines: [1, 2] });
  });

  it('starts with a UTF-8 byte order mark only when asked', async () => {
    const withBom = await render([sale({ issuedTo: 'Wanjikũ' })], { format: 'csv', bom: true, fields: ['issuedTo'] });
    expect(withBom.text.startsWith('\ufeffissuedTo\r\n')).toBe(true);
    expect(Buffer.from(withBom.text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const plain = await render([sale()], { format: 'csv', fields: ['issuedTo'] });
    expect(plain.text.startsWith('issuedTo')).toBe(true);
  });

  it('writes the header even for no records', async () => {
    const { text, count } = await render([], { format: 'csv', fields: ['id', 'balance'] });
    expect(count).toBe(0);
    expect(text).toBe('id,balance\r\n');
  });

  it('has every contract field in contract order by default', async () => {
    const { text } = await render([sale()], { format: 'csv' });
    expect(text.split('\r\n')[0]).toBe(cashSaleColumns.columns.map((column) => column.key).join(','));
  });

  it('refuses --bom for other formats', async () => {
    await expect(render([sale()], { format: 'json', bom: true })).rejects.toThrow(OutputUsageError);
  });

  it('round-trips arbitrary text through a CSV reader (exactly with --raw; otherwise with an apostrophe before a formula, and digits a spreadsheet would alter as ="…")', async () => {
    const kept = (name: string) => (/^(?:0\d+|\d{12,})$/.test(name) ? `="${name}"` : /^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^\d{1,20}$/)), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (names, raw) => {
          const { text } = await render(
            names.map((issuedTo, id) => sale({ id: id + 1, issuedTo })),
            { format: 'csv', fields: ['id', 'issuedTo'], raw },
          );
          const rows = parse(text, { columns: true, bom: false }) as Record<string, string>[];
          expect(rows.map((row) => row.issuedTo)).toEqual(raw ? names : names.map(kept));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('json and ndjson', () => {
  it('writes one JSON object per line for ndjson, dates ISO', async () => {
    const { text, count } = await render([sale({ id: 1 }), sale({ id: 2 })], { format: 'ndjson' });
    expect(count).toBe(2);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(first.id).toBe(1);
    expect(first.issueDate).toBe('2024-06-10T05:00:00.000Z');
    expect(first.amountPaid).toBe(1234.5);
    expect(first.refNo).toBeNull();
    expect(Object.keys(first)).toEqual(cashSaleColumns.columns.map((column) => column.key));
  });

  it('writes a JSON array that parses, one record per line', async () => {
    const { text } = await render([sale({ id: 1 }), sale({ id: 2 })], { format: 'json', raw: true });
    expect(text.startsWith('[\n{')).toBe(true);
    expect(text.endsWith('}\n]\n')).toBe(true);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    expect(parsed.map((record) => record.id)).toEqual([1, 2]);
    expect(parsed[0]?.issueDate).toBe(JUNE_10);
  });

  it('writes [] for no records', async () => {
    expect((await render([], { format: 'json' })).text).toBe('[]\n');
    expect((await render([], { format: 'ndjson' })).text).toBe('');
  });

  it('with --fields, prints exactly those keys in that order, absent ones as null', async () => {
    const { text } = await render([{ id: 7, totalAmount: 5 }], { format: 'ndjson', fields: ['totalAmount', 'receiptNo', 'id'] });
    expect(text).toBe('{"totalAmount":5,"receiptNo":null,"id":7}\n');
  });

  it('without --fields keeps fields the contract does not name, and omits ones the record lacks', async () => {
    // The sale list may carry sale item records: they must come through whole.
    const line = { id: 9, itemName: 'Phone', qty: 1, lineTotal: 100, issueDate: JUNE_10, extra: [1] };
    const { text } = await render([line], { format: 'ndjson' });
    expect(JSON.parse(text)).toEqual({ id: 9, issueDate: '2024-06-10T05:00:00.000Z', itemName: 'Phone', qty: 1, lineTotal: 100, extra: [1] });
  });
});

describe('table', () => {
  const lines = (text: string) => text.trimEnd().split('\n');

  it('shows the readable subset with money grouped and right-aligned and dates in the company zone', async () => {
    const { text, count } = await render([sale({ totalAmount: 1234567.5, amountPaid: 5, issueDate: MAY_31_LATE_UTC })], { format: 'table' });
    expect(count).toBe(1);
    const [, header, , row] = lines(text);
    for (const title of ['ID', 'Date', 'Receipt', 'Customer', 'Total', 'Paid', 'Balance', 'Method']) expect(header).toContain(title);
    expect(header).not.toContain('Phone');
    expect(row).toContain('2024-06-01');
    expect(row).toContain('1,234,567.50');
    // Right-aligned: the cell's text ends at the column's right edge.
    const headers = (header ?? '').split('│');
    const cells = (row ?? '').split('│');
    expect(headers[6]).toMatch(/^ +Paid $/);
    expect(cells[6]).toMatch(/^ +5\.00 $/);
    expect(cells[6]).toHaveLength(headers[6]!.length);
    expect(cells[4]).toMatch(/^ Jane Doe +$/);
  });

  it('shows dates in another zone when asked', async () => {
    const { text } = await render([sale({ issueDate: MAY_31_LATE_UTC })], { format: 'table', timeZone: 'UTC', fields: ['issueDate'] });
    expect(text).toContain('2024-05-31');
  });

  it('adds a totals row summing the money columns in cents', async () => {
    const records = [
      sale({ totalAmount: 0.1, amountPaid: 0.1, balance: -1234.5 }),
      sale({ totalAmount: 0.2, amountPaid: 0.2, balance: 0.05 }),
      sale({ totalAmount: 1000000, amountPaid: 0, balance: 0 }),
    ];
    const { text } = await render(records, { format: 'table', totals: true, fields: ['id', 'totalAmount', 'amountPaid', 'balance'] });
    const totalRow = lines(text).at(-2) ?? '';
    expect(totalRow).toMatch(/Total\s+│\s+1,000,000\.30 │\s+0\.30 │\s+-1,234\.45 │/);
  });

  it('totals any amounts exactly as integer cents would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -1e11, max: 1e11 }), { minLength: 1, maxLength: 30 }), async (cents) => {
        const records = cents.map((c, i) => sale({ id: i + 1, totalAmount: c / 100 }));
        const { text } = await render(records, { format: 'table', totals: true, fields: ['id', 'totalAmount'] });
        const expected = formatCents(cents.reduce((sum, c) => sum + c, 0));
        expect(lines(text).at(-2)).toMatch(new RegExp(`Total │ +${expected.replace('.', '\\.')} │$`));
      }),
      { numRuns: 100 },
    );
  });

  it('has no totals row unless asked, and no totals for columns that are not money totals', async () => {
    const plain = await render([sale()], { format: 'table' });
    expect(plain.text).not.toMatch(/^│ Total /m);
    const items = await render([{ id: 1, unitCost: 10, lineTotal: 10, qty: 1 }], {
      format: 'table',
      columns: saleItemColumns,
      totals: true,
      fields: ['id', 'unitCost', 'lineTotal'],
    });
    expect(lines(items.text).at(-2)).toMatch(/│ Total │\s+│\s+10\.00 │/);
  });

  it('shows null as an empty cell and nested values as JSON text', async () => {
    const { text } = await render([{ ...sale({ refNo: null }), notes: { a: 1 } } as object], { format: 'table', fields: ['refNo', 'notes'] });
    expect(lines(text)[3]).toMatch(/^│\s+│ \{"a":1\} │$/);
  });

  it('neutralises terminal escape sequences in server text', async () => {
    const { text } = await render([sale({ issuedTo: 'Evil\u001b[2J\u0007Name' })], { format: 'table', fields: ['issuedTo'] });
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
    expect(text).toContain('Evil\ufffd[2J\ufffdName');
  });

  it('colours headers only when colour is on', async () => {
    const coloured = await render([sale()], { format: 'table', color: true });
    expect(coloured.text).toContain('\u001b[');
    const plain = await render([sale()], { format: 'table', color: false });
    expect(plain.text).not.toContain('\u001b[');
  });

  it('refuses an unknown time zone', async () => {
    await expect(render([sale()], { format: 'table', timeZone: 'Nowhere/Land' })).rejects.toThrow(OutputUsageError);
  });
});

describe('streaming', () => {
  it.each(['ndjson', 'csv', 'json'] as const)('%s writes each record before the next one arrives', async (format) => {
    const sink = new TextSink();
    const seenBeforeNext: boolean[] = [];
    async function* sales() {
      for (let id = 1; id <= 3; id += 1) {
        if (id > 1) seenBeforeNext.push(sink.text.includes(`RCT-000${id - 1}`));
        yield sale({ id, receiptNo: `RCT-000${id}` });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    const count = await renderRecords(sales(), sink, { format, columns: cashSaleColumns });
    expect(count).toBe(3);
    expect(seenBeforeNext).toEqual([true, true]);
  });

  it.each(['ndjson', 'csv', 'json'] as const)('%s waits for a slow reader instead of reading ahead', async (format) => {
    const sink = new SlowSink();
    let produced = 0;
    let furthestAhead = 0;
    async function* sales() {
      for (let id = 1; id <= 200; id += 1) {
        furthestAhead = Math.max(furthestAhead, produced - sink.completed);
        produced += 1;
        yield sale({ id });
      }
    }
    const count = await renderRecords(sales(), sink, { format, columns: cashSaleColumns });
    expect(count).toBe(200);
    // Without waiting for drain all 200 would be pulled before the first write completes.
    expect(furthestAhead).toBeLessThanOrEqual(3);
    await new Promise<void>((resolve) => sink.end(resolve));
    expect(sink.text.split(/\r?\n/).filter((line) => line.includes('RCT-0001')).length).toBe(200);
  });

  it.each(['ndjson', 'csv', 'json'] as const)('%s batches an in-memory list but buffers only about 64 KB of it', async (format) => {
    const sink = new SlowSink();
    let mostBuffered = 0;
    function* sales() {
      for (let id = 1; id <= 5000; id += 1) {
        mostBuffered = Math.max(mostBuffered, sink.writableLength);
        yield sale({ id, notes: 'x'.repeat(100) });
      }
    }
    const count = await renderRecords(sales(), sink, { format, columns: cashSaleColumns });
    await new Promise<void>((resolve) => sink.end(resolve));
    expect(count).toBe(5000);
    expect(sink.text.length).toBeGreaterThan(1_000_000);
    expect(mostBuffered).toBeLessThanOrEqual(2 * 64 * 1024 + 1024);
    expect(sink.completed).toBeLessThan(200);
  });

  it('rejects when the output fails mid-stream, and stops pulling records', async () => {
    const sink = new SlowSink();
    let pulled = 0;
    async function* sales() {
      for (let id = 1; id <= 1000; id += 1) {
        pulled += 1;
        if (id === 3) setImmediate(() => sink.destroy(new Error('EPIPE')));
        yield sale({ id });
      }
    }
    await expect(renderRecords(sales(), sink, { format: 'ndjson', columns: cashSaleColumns })).rejects.toThrow('EPIPE');
    expect(pulled).toBeLessThan(10);
  });
});

describe('a reader that goes away', () => {
  it('rejects instead of waiting forever when the output closes without an error', async () => {
    const sink = new SlowSink();
    async function* sales() {
      for (let id = 1; id <= 1000; id += 1) {
        if (id === 3) setImmediate(() => sink.destroy());
        yield sale({ id });
      }
    }
    await expect(renderRecords(sales(), sink, { format: 'csv', columns: cashSaleColumns })).rejects.toThrow(/closed/);
  });
});
