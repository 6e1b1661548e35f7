import { describe, expect, it } from 'vitest';
import { decodeImportFile } from '../../src/cli/import-text.js';

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
