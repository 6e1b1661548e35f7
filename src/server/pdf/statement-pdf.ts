/**
 * A landlord statement as a PDF (A4, standard Helvetica fonts only, so nothing to embed):
 * company header with its tax registration number, property and landlord details, period, the
 * rent table (continued on following pages with its header repeated), income, deductions, net
 * amount due, and who prepared and approved it. An INTERIM statement is marked as a draft on
 * every page; a negative FINAL one explains its carried-forward debt (statement-notes.ts).
 * pdfkit costs ~250 ms to import, so it is loaded on first use; the fonts' metrics are parsed
 * once a process (standard-font-metrics.ts), not once a document.
 *
 * The currency is named once per amount column (under each rent table header, beside each
 * section's title) rather than in every cell: a code in each of the table's narrow cells
 * would crowd them and cut large figures. The net amount due, the figure a reader copies
 * into a payment, carries it in full.
 */
import { FIGURE_NAMES } from '../../domain/figure-names.js';
import { dayText } from '../../domain/month-range.js';
import { toCents } from '../../domain/money.js';
import { formatAmount } from '../../domain/rent-details-html.js';
import { TAX_NUMBER_LABEL } from '../../domain/company-identity.js';
import { keepStandardFontMetrics } from './standard-font-metrics.js';
import { amountWithCurrency, DRAFT_MARK, draftLine, negativeFinalNote } from './statement-notes.js';
import { type StatementDocument } from '../../store/property-store.js';

const MARGIN = 40;
const ROW = 14;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Right-hand column of the income, deductions and amount-due sections. */
const AMOUNT_WIDTH = 150;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { header: 'Unit', width: 40, align: 'left' },
  { header: 'Tenant', width: 101, align: 'left' },
  { header: 'Monthly charge', width: 66, align: 'right' },
  { header: 'Invoiced', width: 58, align: 'right' },
  { header: 'Balance b/f', width: 64, align: 'right' },
  { header: 'Paid', width: 60, align: 'right' },
  { header: 'Paid tax', width: 50, align: 'right' },
  { header: 'Balance c/f', width: 64, align: 'right' },
];

export async function renderStatementPdf(document: StatementDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `Landlord statement ${document.statement.id}` } });
  keepStandardFontMetrics(doc);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, document);
  doc.end();
  return finished;
}

type Doc = PDFKit.PDFDocument;

function draw(doc: Doc, d: StatementDocument): void {
  const s = d.statement;
  const zone = d.company.timeZone;
  const date = (ms: number | null | undefined) => (ms === null || ms === undefined ? '-' : dayText(ms, zone));
  const money = (amount: number) => formatAmount(toCents(amount));
  const currency = d.company.currency;
  const width = doc.page.width - 2 * MARGIN;
  const interim = s.statementType === 'INTERIM';

  // The tax registration number at the top right, level with the name, as on an invoice: on
  // one line (at most 30 characters, about 190 points), the name wrapping in what is left.
  let nameWidth = width;
  if (d.company.taxNumber) {
    const pin = `${TAX_NUMBER_LABEL} ${d.company.taxNumber}`;
    doc.font(BOLD).fontSize(10);
    const pinWidth = doc.widthOfString(pin) + 2;
    doc.text(pin, MARGIN + width - pinWidth, MARGIN + 4, { width: pinWidth, align: 'right', lineBreak: false });
    nameWidth = width - pinWidth - 16;
  }
  doc.font(BOLD).fontSize(15).text(d.company.name, MARGIN, MARGIN, { width: nameWidth });
  doc.font(FONT).fontSize(9);
  const contact = [d.company.address, d.company.phone, d.company.email].filter(Boolean).join('  |  ');
  if (contact) doc.text(contact, { width });
  doc.moveDown(0.8);
  doc
    .font(BOLD)
    .fontSize(12)
    .text(`LANDLORD STATEMENT (${s.statementType}${interim ? ' - DRAFT' : ''})`, { width });
  doc.moveDown(0.4);

  const details: [string, string][] = [
    ['Property', `${s.propertyName ?? ''} (${s.propertyCode ?? ''})`],
    ['LR number', s.lrNo ?? '-'],
    ['Landlord', `${s.lldName ?? ''} (${s.lldCode ?? ''})`],
    ['Zone', s.regionName ?? '-'],
    ['Period', `${s.month} ${s.year} (${date(s.withEffectFrom)} to ${date(s.withEffectTo)})`],
    ['Payment type', s.srvcName ? `${s.lldPmtType} - ${s.srvcName}` : s.lldPmtType],
    ['Statement no.', String(s.id)],
  ];
  keyValues(doc, details, width);
  doc.moveDown(0.6);

  rentTable(doc, d, width);
  doc.moveDown(0.8);

  section(doc, 'Income', width, currency);
  amounts(doc, width, [
    [FIGURE_NAMES.rentReceived, money(s.recievedRent)],
    [FIGURE_NAMES.serviceChargesReceived, money(s.receivedUtility)],
    [`Period income (${(s.stmtIncomeLabel ?? 'received').toLowerCase()})`, money(s.periodIncome)],
    [FIGURE_NAMES.taxForLandlord, money(s.periodVat)],
  ]);
  section(doc, 'Deductions', width, currency);
  const expenseRows: [string, string][] = d.expenseLines.map((e) => [`  ${date(e.date)} ${e.description}`, formatAmount(e.amount)]);
  amounts(doc, width, [
    [`${FIGURE_NAMES.managementFees} (${s.manFeesRate}%)`, money(s.manFees)],
    [FIGURE_NAMES.managementFeesVat, money(s.manFeesTax)],
    [FIGURE_NAMES.expenses, money(s.expenses)],
    ...expenseRows,
    [FIGURE_NAMES.totalDeductions, money(s.lessPeriodTxn)],
  ]);
  section(doc, 'Amount due', width, currency);
  amounts(doc, width, [
    [FIGURE_NAMES.balanceBf, money(s.balBf)],
    [FIGURE_NAMES.deferredPayment, money(s.deferredPaymentAmt)],
    [FIGURE_NAMES.deferredAmount, money(s.deferedAmount)],
  ]);
  ensureSpace(doc, ROW * 2);
  doc.font(BOLD).fontSize(11);
  const y = doc.y;
  doc.text(FIGURE_NAMES.netAmountDue, MARGIN, y, { width: width - AMOUNT_WIDTH });
  doc.text(amountWithCurrency(toCents(s.amtPyble), currency), MARGIN + width - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
  doc.moveDown(1);

  const note = negativeFinalNote(s, currency);
  if (note.length > 0) {
    doc.font(FONT).fontSize(9);
    const height = note.reduce((sum, paragraph) => sum + doc.heightOfString(paragraph, { width }) + 4, ROW);
    ensureSpace(doc, height);
    doc.font(BOLD).text('Carried forward', MARGIN, doc.y, { width });
    doc.font(FONT);
    for (const paragraph of note) doc.text(paragraph, MARGIN, doc.y + 4, { width });
    doc.moveDown(1.2);
  }

  // Two 9-point lines, kept together: they may use the space down to the bottom margin (the
  // footer sits below it), rather than go alone onto a page of their own.
  if (doc.y + 24 > doc.page.height - MARGIN) doc.addPage();
  doc.font(FONT).fontSize(9);
  doc.text(`Prepared by: ${s.prepareByName ?? '-'} on ${date(s.datePrepared)}`, MARGIN, doc.y, { width });
  const approved = s.approvedForPmt === 'YES' ? `${s.approvedByName ?? '-'} on ${date(s.dateApproved)}` : 'not yet approved';
  doc.text(`Approved for payment by: ${approved}`, { width });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    doc.font(FONT).fontSize(8);
    const bottom = doc.page.height - MARGIN + 10;
    // Writing below the bottom margin would add a page; lift the margin while stamping.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(`${s.propertyName ?? ''} - ${s.month} ${s.year} - page ${i + 1} of ${range.count}`, MARGIN, bottom, { width, align: 'center', lineBreak: false });
    if (interim) markDraft(doc, draftLine(s), width);
    doc.page.margins.bottom = saved;
  }
}

/**
 * The draft mark of an INTERIM page: a line above the top margin and the words large and
 * light across the page. Stamped last (over the figures), so it is translucent: a figure
 * under it stays as legible as the rest.
 */
function markDraft(doc: Doc, line: string, width: number): void {
  doc.font(BOLD).fontSize(8).fillColor('#b00020');
  doc.text(line, MARGIN, MARGIN - 22, { width, align: 'center', lineBreak: false });
  const { width: pageWidth, height: pageHeight } = doc.page;
  doc.save();
  doc.rotate(-50, { origin: [pageWidth / 2, pageHeight / 2] });
  doc.font(BOLD).fontSize(80).fillColor('#b00020').fillOpacity(0.09);
  const textWidth = doc.widthOfString(DRAFT_MARK);
  doc.text(DRAFT_MARK, pageWidth / 2 - textWidth / 2, pageHeight / 2 - 40, { lineBreak: false });
  doc.restore();
  doc.fillColor('black').fillOpacity(1);
}

function keyValues(doc: Doc, rows: [string, string][], width: number): void {
  for (const [key, value] of rows) {
    const y = doc.y;
    doc.font(BOLD).fontSize(9).text(key, MARGIN, y, { width: 90 });
    doc
      .font(FONT)
      .fontSize(9)
      .text(value, MARGIN + 95, y, { width: width - 95 });
  }
}

/** A section's title, with the currency over its amount column. */
function section(doc: Doc, title: string, width: number, currency: string): void {
  ensureSpace(doc, ROW * 3);
  doc.moveDown(0.4);
  const y = doc.y;
  doc
    .font(BOLD)
    .fontSize(9)
    .text(currency, MARGIN + width - AMOUNT_WIDTH, y + 1, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
  doc
    .font(BOLD)
    .fontSize(10)
    .text(title, MARGIN, y, { width: width - AMOUNT_WIDTH });
  doc.moveDown(0.2);
}

function amounts(doc: Doc, width: number, rows: [string, string][]): void {
  doc.font(FONT).fontSize(9);
  for (const [label, value] of rows) {
    ensureSpace(doc, ROW);
    const y = doc.y;
    doc.text(fit(doc, label, width - AMOUNT_WIDTH - 10), MARGIN, y, { width: width - AMOUNT_WIDTH - 10, lineBreak: false });
    doc.text(value, MARGIN + width - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.y = y + ROW;
  }
}

function rentTable(doc: Doc, d: StatementDocument, width: number): void {
  const scale = width / COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const columns = COLUMNS.map((c) => ({ ...c, width: c.width * scale }));
  const header = () => {
    ensureSpace(doc, ROW * 3);
    doc.font(BOLD).fontSize(8);
    row(
      doc,
      columns,
      columns.map((c) => c.header),
    );
    // The currency under each amount column's name, one text line below it.
    doc.y -= ROW - 9;
    row(
      doc,
      columns,
      columns.map((c) => (c.align === 'right' ? d.company.currency : '')),
    );
    const y = doc.y - 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .stroke();
    doc.font(FONT).fontSize(8);
  };
  header();
  const totals = [0, 0, 0, 0, 0, 0];
  for (const line of d.rentLines) {
    if (doc.y + ROW > doc.page.height - MARGIN - 14) {
      doc.addPage();
      header();
    }
    const values = [line.monthlyCharge, line.invoiced, line.balanceBf, line.amountPaid, line.amountPaidTax, line.balanceCf];
    values.forEach((v, i) => (totals[i]! += v));
    row(doc, columns, [line.unitNo, line.tenantName, ...values.map(formatAmount)]);
  }
  if (doc.y + ROW * 2 > doc.page.height - MARGIN - 14) {
    doc.addPage();
    header();
  }
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .stroke();
  doc.y = y + 2;
  doc.font(BOLD).fontSize(8);
  row(doc, columns, ['Total', `${d.rentLines.length} lines`, ...totals.map(formatAmount)]);
  doc.font(FONT);
}

function row(doc: Doc, columns: Column[], values: string[]): void {
  const y = doc.y;
  let x = MARGIN;
  columns.forEach((column, i) => {
    const text = fit(doc, values[i] ?? '', column.width - 4);
    doc.text(text, x + 2, y, { width: column.width - 4, align: column.align, lineBreak: false });
    x += column.width;
  });
  doc.y = y + ROW;
  doc.x = MARGIN;
}

/** Shortens text to the width with an ellipsis: one line per table row, always. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - 14) doc.addPage();
}
