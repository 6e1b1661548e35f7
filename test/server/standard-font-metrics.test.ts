/**
 * pdfkit's standard-font metrics parsed once a process: a document made after the first is given
 * the tables already parsed (the same objects), and measures text exactly as a document that
 * parsed its own, kerning included.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { keepStandardFontMetrics } from '../../src/server/pdf/standard-font-metrics.js';

/** Kerned pairs (AV, Wa, To) and figures, in both faces the statements use. */
const SAMPLES = ['AVATAR Wa To 1,234,567.89', 'Wambui Residency (P0001)', 'Net amount due KES -12,345.67'];

function widths(doc: PDFKit.PDFDocument): number[] {
  return ['Helvetica', 'Helvetica-Bold'].flatMap((face) => SAMPLES.map((text) => doc.font(face).fontSize(9).widthOfString(text)));
}

const kernPairsOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: { kernPairs: object } } })._font.font.kernPairs;

describe('standard font metrics kept for the process', () => {
  it('a later document shares the parsed tables and measures text as one that parsed its own', () => {
    const own = new PDFDocument();
    const measured = widths(own);
    keepStandardFontMetrics(own);
    const first = new PDFDocument();
    const later = new PDFDocument();
    expect(widths(first)).toEqual(measured);
    expect(widths(later)).toEqual(measured);
    first.font('Helvetica-Bold');
    later.font('Helvetica-Bold');
    expect(kernPairsOf(later)).toBe(kernPairsOf(first));
    expect(kernPairsOf(later)).not.toBe(kernPairsOf(own.font('Helvetica-Bold')));
  });
});
