/**
 * pdfkit parses a standard font's metrics (its AFM file: Helvetica's has 2,700 kerning pairs)
 * again for every document that uses the font, which was half the time of a statement's PDF
 * (a month-end renders hundreds). The parsed tables are never changed after, so the first parse
 * of each file is kept for the process and given to every later document's font.
 *
 * pdfkit exports no font class, so its metrics class is reached through a document's current
 * font; should a pdfkit release lay that out differently, nothing is kept and every document
 * parses its fonts as before.
 */

interface Metrics {
  attributes: object;
  glyphWidths: object;
  boundingBoxes: object;
  kernPairs: object;
}

interface MetricsClass {
  prototype: { parse?: (this: Metrics, contents: string) => void; keptMetrics?: true };
}

/** Keeps pdfkit's parsed font metrics from the first document on; call with any document. */
export function keepStandardFontMetrics(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: { font?: object } })._font?.font;
  const metricsClass = font?.constructor as MetricsClass | undefined;
  const parse = metricsClass?.prototype.parse;
  if (!metricsClass || typeof parse !== 'function' || metricsClass.prototype.keptMetrics) return;
  const kept = new Map<string, Metrics>();
  metricsClass.prototype.keptMetrics = true;
  metricsClass.prototype.parse = function parseOnce(this: Metrics, contents: string): void {
    const known = kept.get(contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    kept.set(contents, { attributes: this.attributes, glyphWidths: this.glyphWidths, boundingBoxes: this.boundingBoxes, kernPairs: this.kernPairs });
  };
}
