import { getDocumentProxy } from 'unpdf';

/** One page as a reader sees it: size in points, text laid out in lines, fonts it uses. */
export interface PdfPage {
  width: number;
  height: number;
  /** The page's text, one line per baseline, left to right; a gap between pieces becomes spaces. */
  text: string;
  /** PostScript names of the fonts the page's text is set in, e.g. `Courier-Bold`. */
  fonts: string[];
}

export interface PdfRead {
  pages: PdfPage[];
  /** Every page's text, pages separated by a form feed (as `pdftotext` separates them). */
  text: string;
  /** Every font any page uses, sorted, each once. */
  fonts: string[];
}

interface PlacedText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Reads a PDF back with pdf.js (through unpdf), so tests check real PDFs with nothing but Node.
 * Text is laid out like `pdftotext -layout` lays it out, as far as tests need: pieces on one
 * baseline make one line, and pieces a visible gap apart are separated by at least one space
 * (about as many as would fill the gap), so `/TOTAL\s+15,499\.00/` matches a label and an amount
 * set in two columns.
 */
export async function readPdf(pdf: Uint8Array): Promise<PdfRead> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      // The operator list loads each font, so its real name can be looked up by the id text items carry.
      await page.getOperatorList();
      const fontIds = new Set<string>();
      const placed: PlacedText[] = [];
      for (const item of content.items) {
        // pdf.js reports a run of spaces as one blank piece as wide as the run: the gap it leaves says as much.
        if (!('str' in item) || item.str.trim() === '') continue;
        fontIds.add(item.fontName);
        placed.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height || Math.abs(item.transform[3]) });
      }
      const fonts = [...fontIds].map((id) => (page.commonObjs.get(id) as { name: string }).name);
      pages.push({ width: x1 - x0, height: y1 - y0, text: layOut(placed), fonts: [...new Set(fonts)].sort() });
    }
    return { pages, text: pages.map((p) => p.text).join('\f'), fonts: [...new Set(pages.flatMap((p) => p.fonts))].sort() };
  } finally {
    await document.cleanup();
    await document.loadingTask.destroy();
  }
}

/** Groups pieces into lines by baseline (top of the page first), each line left to right. */
function layOut(placed: PlacedText[]): string {
  const lines: PlacedText[][] = [];
  for (const piece of [...placed].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    // Same line when the baselines are closer than a third of the text height.
    if (line && Math.abs(line[0]!.y - piece.y) < Math.max(1, piece.height / 3)) line.push(piece);
    else lines.push([piece]);
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      let charWidth = 0;
      for (const piece of line) {
        const gap = piece.x - end;
        // A gap wider than a fifth of the text height is a word or column break: as many spaces
        // as characters of the previous piece would fill it, so fixed-pitch columns keep their shape.
        if (text !== '' && gap > piece.height / 5) {
          text += ' '.repeat(Math.max(1, Math.round(gap / (charWidth || piece.height / 2))));
        }
        text += piece.str;
        end = piece.x + piece.width;
        charWidth = piece.str.length > 0 ? piece.width / piece.str.length : charWidth;
      }
      return text;
    })
    .join('\n');
}
