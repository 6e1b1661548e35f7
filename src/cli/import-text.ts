/**
 * The text of an import file. UTF-8 by default: a byte sequence that is not UTF-8 is refused
 * with its line and column (a Windows-1252 file would otherwise import "José" as "Jos?"), and a
 * UTF-8 byte order mark is dropped. Another encoding (`--encoding windows-1252`, any label the
 * WHATWG Encoding standard knows) is decoded by Node's own TextDecoder.
 */
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
  const label = encoding.trim().toLowerCase();
  if (!UTF8.has(label)) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label);
    } catch {
      throw new ImportEncodingError(`unknown encoding "${encoding}"; e.g. utf-8, windows-1252, iso-8859-1, utf-16le`);
    }
    return decoder.decode(bytes);
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  const bad = firstInvalid(text, bytes);
  if (bad !== undefined) {
    const before = text.slice(0, bad.index);
    const line = before.split('\n').length;
    const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
    throw new ImportEncodingError(
      `not UTF-8 text at line ${line}, column ${column} (byte ${bad.byte + 1}); if the file was saved by Excel or another Windows program, try --encoding windows-1252`,
    );
  }
  return text;
}

/**
 * Where the first invalid sequence is: the decoder puts U+FFFD there, and everything before it
 * was valid, so its byte offset is the UTF-8 length of the text before it. A U+FFFD the file
 * really holds (bytes EF BF BD) is passed over.
 */
function firstInvalid(text: string, bytes: Uint8Array): { index: number; byte: number } | undefined {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
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
