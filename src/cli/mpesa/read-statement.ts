/**
 * Reads a paybill statement file as a stream, record by record (csv-parse), into the lines an
 * import books: the file is never held whole, so a statement of any length is read in memory
 * that grows with its payments only. Windows line endings, quoted amounts and a byte order mark
 * are csv-parse's; the header block's short records are allowed (relax_column_count).
 */
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import { StatementReader, type StatementLine } from '../../store/rules/mpesa-statement.js';

export interface ReadStatement {
  lines: StatementLine[];
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

export async function readStatementFile(file: string, encoding = 'utf-8'): Promise<ReadStatement> {
  const reader = new StatementReader();
  const lines: StatementLine[] = [];
  const records = createReadStream(file)
    .pipe(decoding(encoding))
    .pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }));
  for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const line = reader.push(record, info.lines);
    if (line) lines.push(line);
  }
  reader.finish();
  return { lines, unmatchedFile: reader.unmatchedFile };
}
