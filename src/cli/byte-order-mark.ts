/**
 * What a byte order mark says about a file's encoding. A file that starts with one is in that
 * encoding whatever `--encoding` names, as the WHATWG Encoding standard's decode has it: Excel's
 * "CSV UTF-8" read as windows-1252 would otherwise turn the mark into "ï»¿", glued to the first
 * column's name.
 */
import { TextDecoder } from 'node:util';

const MARKS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** The encoding the file's byte order mark names, or undefined when it starts with none. */
export function encodingOfMark(bytes: Uint8Array): string | undefined {
  return MARKS.find((mark) => mark.bytes.every((byte, i) => bytes[i] === byte))?.encoding;
}

/** The standard's name for an encoding label (`latin1` is windows-1252), or undefined for an unknown label. */
export function canonicalEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim().toLowerCase()).encoding;
  } catch {
    return undefined;
  }
}
