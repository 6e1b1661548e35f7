/**
 * A receipt as a PDF the size of the paper roll: 58 mm wide for 32 characters a line, 80 mm for
 * 48, as tall as the receipt. The text is the thermal receipt's own, set in Courier (a standard
 * PDF font, nothing embedded), so the PDF and the printed slip never disagree. pdfkit costs
 * ~250 ms to import and is loaded only here.
 */
import type { ReceiptWidth } from './receipt-text.js';

const MM = 72 / 25.4;
const PAPER_MM: Record<ReceiptWidth, number> = { 32: 58, 48: 80 };
const SIDE = 4 * MM;
const TOP = 6 * MM;
/** Courier's advance width is 0.6 em. */
const CHAR_EM = 0.6;
const LEADING = 1.25;

export interface ReceiptPdfOptions {
  title: string;
  /** Lines set in bold (the receipt number and total). */
  bold?: (line: string) => boolean;
}

export async function receiptPdf(lines: readonly string[], width: ReceiptWidth, options: ReceiptPdfOptions): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const pageWidth = PAPER_MM[width] * MM;
  const fontSize = (pageWidth - 2 * SIDE) / (width * CHAR_EM);
  const lineHeight = fontSize * LEADING;
  const pageHeight = 2 * TOP + Math.max(1, lines.length) * lineHeight;
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margins: { top: TOP, bottom: 0, left: SIDE, right: SIDE },
    autoFirstPage: true,
    info: { Title: options.title, Creator: 'shopprop' },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(fontSize);
  lines.forEach((line, index) => {
    doc.font(options.bold?.(line) ? 'Courier-Bold' : 'Courier');
    // Explicit positions and no wrapping: each receipt line is one PDF line, as on the slip.
    doc.text(line, SIDE, TOP + index * lineHeight, { lineBreak: false });
  });
  doc.end();
  return finished;
}
