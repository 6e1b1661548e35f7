/**
 * The text of an import file. UTF-8 by default: a byte sequence that is not UTF-8 is refused
 * with its line and column (a Windows-1252 file would otherwise import "José" as "Jos?"), and a
 * UTF-8 byte order mark is dropped. Another encoding (`--encoding windows-1252`, any label the
 * WHATWG Encoding standard knows) is decoded by Node's own TextDecoder.
 */
import { isUtf8 } from 'node:buffer';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';

export class ImportEncodingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportEncodingError';
  }
}

const UTF8 = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/** The file's text; throws ImportEncodingError for an unknown encoding or bytes that are not UTF-8. */
export function decodeImportFile(bytes: Uint8Array, encoding = 'utf-8'): string {
  const decoder = otherDecoder(encoding);
  if (decoder !== undefined) return decoder.decode(bytes);
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  const bad = firstInvalid(text, bytes, hasUtf8Mark(bytes) ? 3 : 0);
  if (bad !== undefined) throw notUtf8(text.slice(0, bad.index), { lines: 0, column: 0 }, bad.byte);
  return text;
}

/** The decoder of an encoding other than UTF-8 (undefined for UTF-8, which is checked as it is read); throws for an unknown label. */
function otherDecoder(encoding: string): TextDecoder | undefined {
  const label = encoding.trim().toLowerCase();
  if (UTF8.has(label)) return undefined;
  try {
    return new TextDecoder(label);
  } catch {
    throw new ImportEncodingError(`unknown encoding "${encoding}"; e.g. utf-8, windows-1252, iso-8859-1, utf-16le`);
  }
}

const hasUtf8Mark = (bytes: Uint8Array): boolean => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** Where a text ends: its line (0-based: newlines seen) and the characters after its last newline. */
interface Position {
  lines: number;
  column: number;
}

function advance(position: Position, text: string): Position {
  const last = text.lastIndexOf('\n');
  if (last < 0) return { lines: position.lines, column: position.column + [...text].length };
  let lines = position.lines;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return { lines, column: [...text.slice(last + 1)].length };
}

function notUtf8(before: string, start: Position, byte: number): ImportEncodingError {
  const at = advance(start, before);
  return new ImportEncodingError(
    `not UTF-8 text at line ${at.lines + 1}, column ${at.column + 1} (byte ${byte + 1}); if the file was saved by Excel or another Windows program, try --encoding windows-1252`,
  );
}

/** How many bytes at the end of a chunk begin a UTF-8 sequence the next chunk completes. */
function unfinishedTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
}

/**
 * The same decoding as decodeImportFile, a chunk at a time, for a file read as a stream: memory
 * holds a chunk, never the file. Bytes that are not UTF-8 are refused with the same line, column
 * and byte as decodeImportFile names.
 */
export function decodingStream(encoding = 'utf-8'): Transform {
  const decoder = otherDecoder(encoding);
  if (decoder !== undefined) {
    return new Transform({
      readableObjectMode: true,
      transform: (chunk: Buffer, _encoding, done) => done(null, decoder.decode(chunk, { stream: true })),
      flush: (done) => done(null, decoder.decode()),
    });
  }
  let pending = Buffer.alloc(0);
  let consumed = 0;
  let position: Position = { lines: 0, column: 0 };
  const decode = (bytes: Buffer): string => {
    const mark = consumed === 0 && hasUtf8Mark(bytes) ? 3 : 0;
    const text = bytes.toString('utf8', mark);
    if (!isUtf8(bytes)) {
      const bad = firstInvalid(text, bytes, mark)!;
      throw notUtf8(text.slice(0, bad.index), position, consumed + bad.byte);
    }
    consumed += bytes.length;
    position = advance(position, text);
    return text;
  };
  return new Transform({
    // Text goes on as strings (not encoded to bytes again for the CSV parser).
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      const tail = unfinishedTail(bytes);
      pending = Buffer.from(bytes.subarray(bytes.length - tail));
      try {
        done(null, decode(bytes.subarray(0, bytes.length - tail)));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, pending.length > 0 ? decode(pending) : '');
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * Where the first invalid sequence is: the decoder puts U+FFFD there, and everything before it
 * was valid, so its byte offset is the UTF-8 length of the text before it. A U+FFFD the file
 * really holds (bytes EF BF BD) is passed over.
 */
function firstInvalid(text: string, bytes: Uint8Array, bom: number): { index: number; byte: number } | undefined {
  let index = text.indexOf('\ufffd');
  let counted = 0;
  let byte = bom;
  while (index >= 0) {
    byte += Buffer.byteLength(text.slice(counted, index), 'utf8');
    counted = index;
    if (!(bytes[byte] === 0xef && bytes[byte + 1] === 0xbf && bytes[byte + 2] === 0xbd)) return { index, byte };
    byte += 3;
    counted = index + 1;
    index = text.indexOf('\ufffd', index + 1);
  }
  return undefined;
}
