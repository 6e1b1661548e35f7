/**
 * Reads a paybill statement file as a stream, record by record (csv-parse): its first lines up to
 * the table's header row, then the table twice, once through to check it is a statement and find
 * the payments it reverses, then again as the import plans and books it a slice at a time (store:
 * StatementSource), so that no list of its lines is ever held. Windows line endings, quoted amounts
 * and a byte order mark are csv-parse's; the header block's short records are allowed
 * (relax_column_count). The table is parsed from its header row (from_line): csv-parse compares
 * each record's length with the first one's, and makes an error object for every record that
 * differs (kept, as relaxed): from the header block's first line, that is every row of the table.
 */
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import { paymentReferenceKey } from '../../domain/payment-reference.js';
import type { StatementSource } from '../../store/mpesa-store.js';
import { StatementReader, type StatementLine } from '../../store/rules/mpesa-statement.js';

export interface ReadStatement extends StatementSource {
  /** The file of payments set aside by an earlier import (it has a tenant_account column). */
  unmatchedFile: boolean;
}

/** Bytes to text in the named encoding, a chunk at a time (a character split between chunks is kept). */
function decoding(encoding: string): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

/** The statement's lines in file order; throws its problems (StatementReadError) at the end. */
async function* statementLines(file: string, encoding: string, fromLine: number, reader = new StatementReader()): AsyncGenerator<StatementLine> {
  for await (const { record, info } of records(file, encoding, fromLine)) {
    const line = reader.push(record, info.lines);
    if (line) yield line;
  }
  reader.finish();
}

function records(file: string, encoding: string, fromLine: number): AsyncIterable<{ record: string[]; info: { lines: number } }> {
  return createReadStream(file)
    .pipe(decoding(encoding))
    .pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, from_line: fromLine }));
}

/** The line of the table's header row (1 when there is none: the whole file is then read and refused). */
async function headerLine(file: string, encoding: string): Promise<number> {
  const reader = new StatementReader();
  for await (const { record, info } of records(file, encoding, 1)) {
    reader.push(record, info.lines);
    if (reader.tableFound) return info.lines;
  }
  return 1;
}

/** Checks the file through (its problems thrown here, before anything is booked) and gives it as a source read again. */
export async function readStatementFile(file: string, encoding = 'utf-8'): Promise<ReadStatement> {
  const fromLine = await headerLine(file, encoding);
  const reader = new StatementReader();
  const reversed = new Map<string, number>();
  for await (const line of statementLines(file, encoding, fromLine, reader)) {
    const key = line.kind === 'reversal' ? paymentReferenceKey(line.linked) : null;
    if (key !== null) reversed.set(key, line.line);
  }
  return { reversed, unmatchedFile: reader.unmatchedFile, lines: () => statementLines(file, encoding, fromLine) };
}
