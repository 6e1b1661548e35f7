import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { decodeImportFile, decodingStream } from '../../src/cli/import-text.js';

describe('decoding an import file', () => {
  it('passes a replacement character the file really holds, then finds the invalid byte after it', () => {
    const bytes = Buffer.concat([Buffer.from('a,\ufffd\nb,ü'), Buffer.from([0xff]), Buffer.from('\n')]);
    expect(() => decodeImportFile(bytes)).toThrow(/line 2, column 4 \(byte 11\)/);
  });

  it('drops a UTF-8 byte order mark and keeps every character', () => {
    expect(decodeImportFile(Buffer.from('\ufeffname\nZoë\n'))).toBe('name\nZoë\n');
  });

  it('refuses a sequence cut short at the end of the file', () => {
    expect(() => decodeImportFile(Buffer.concat([Buffer.from('x\n'), Buffer.from([0xe2, 0x82])]))).toThrow(/line 2, column 1 \(byte 3\)/);
  });

  it('decodes windows-1252, where 0x80 is the euro sign', () => {
    expect(decodeImportFile(Buffer.from([0x80, 0x20, 0xe9]), 'windows-1252')).toBe('€ é');
  });
});

/** The stream's text, the bytes fed `size` at a time (a character or a mark cut between chunks). */
async function streamed(bytes: Buffer, size: number, encoding?: string): Promise<string> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  let text = '';
  for await (const part of Readable.from(chunks).pipe(decodingStream(encoding))) text += part as string;
  return text;
}

describe('decoding an import file as a stream', () => {
  const files = [
    Buffer.from('\ufeffname\nZoë, José, 日本, 😀\n'),
    Buffer.concat([Buffer.from('a,\ufffd\nb,ü'), Buffer.from([0xff]), Buffer.from('\n')]),
    Buffer.concat([Buffer.from('x\n'), Buffer.from([0xe2, 0x82])]),
    Buffer.concat([Buffer.from('name\nJos'), Buffer.from([0xe9, 0x20, 0xc3, 0xa9]), Buffer.from('\nZoë\n')]),
  ];

  it('gives the text, or refuses at the line, column and byte, that decodeImportFile names, however the bytes are cut', async () => {
    for (const bytes of files) {
      const whole = (() => {
        try {
          return decodeImportFile(bytes);
        } catch (error) {
          return (error as Error).message;
        }
      })();
      for (const size of [1, 2, 3, 5, bytes.length]) expect(await streamed(bytes, size).catch((error: Error) => error.message)).toBe(whole);
    }
  });

  it('decodes windows-1252 a chunk at a time', async () => {
    expect(await streamed(Buffer.from([0x80, 0x20, 0xe9]), 1, 'windows-1252')).toBe('€ é');
  });
});
