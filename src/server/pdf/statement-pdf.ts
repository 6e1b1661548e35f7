/**
 * A landlord statement as a PDF (A4, standard Helvetica fonts only, so nothing to embed):
 * company header, property and landlord details, period, the rent table (continued on
 * following pages with its header repeated), income, deductions, net amount due, and who
 * prepared and approved it. pdfkit costs ~250 ms to import, so it is loaded on first use.
 */
import type { StatementDocument } from '../../services/statement-document.js';
import { dayText } from '../../domain/month-range.js';
import { toCents } from '../../domain/money.js';
import { formatAmount } from '../../domain/rent-details-html.js';

const MARGIN = 40;
const ROW = 14;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

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
  const width = doc.page.width - 2 * MARGIN;

  doc.font(BOLD).fontSize(15).text(d.company.name, MARGIN, MARGIN, { width });
  doc.font(FONT).fontSize(9);
  const contact = [d.company.address, d.company.phone, d.company.email].filter(Boolean).join('  |  ');
  if (contact) doc.text(contact, { width });
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(12).text(`LANDLORD STATEMENT (${s.statementType})`, { width });
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

  section(doc, 'Income', width);
  amounts(doc, width, [
    ['Rent received', money(s.recievedRent)],
    ['Service charges received', money(s.receivedUtility)],
    [`Period income (${(s.stmtIncomeLabel ?? 'received').toLowerCase()})`, money(s.periodIncome)],
    ['Tax collected for the landlord', money(s.periodVat)],
  ]);
  section(doc, 'Deductions', width);
  const expenseRows: [string, string][] = d.expenseLines.map((e) => [`  ${date(e.date)} ${e.description}`, formatAmount(e.amount)]);
  amounts(doc, width, [
    [`Management fees (${s.manFeesRate}%)`, money(s.manFees)],
    ['VAT on management fees', money(s.manFeesTax)],
    ['Expenses', money(s.expenses)],
    ...expenseRows,
    ['Total deductions', money(s.lessPeriodTxn)],
  ]);
  section(doc, 'Amount due', width);
  amounts(doc, width, [
    ['Balance brought forward', money(s.balBf)],
    ['Payments held back', money(s.deferredPaymentAmt)],
    ['Deductions deferred to next month', money(s.deferedAmount)],
  ]);
  ensureSpace(doc, ROW * 2);
  doc.font(BOLD).fontSize(11);
  const y = doc.y;
  doc.text('Net amount due', MARGIN, y, { width: width - 150 });
  doc.text(money(s.amtPyble), MARGIN + width - 150, y, { width: 150, align: 'right' });
  doc.moveDown(1.2);

  ensureSpace(doc, ROW * 3);
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
    doc.page.margins.bottom = saved;
  }
}

function keyValues(doc: Doc, rows: [string, string][], width: number): void {
  for (const [key, value] of rows) {
    const y = doc.y;
    doc.font(BOLD).fontSize(9).text(key, MARGIN, y, { width: 90 });
    doc.font(FONT).fontSize(9).text(value, MARGIN + 95, y, { width: width - 95 });
  }
}

function section(doc: Doc, title: string, width: number): void {
  ensureSpace(doc, ROW * 3);
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(10).text(title, MARGIN, doc.y, { width });
  doc.moveDown(0.2);
}

function amounts(doc: Doc, width: number, rows: [string, string][]): void {
  doc.font(FONT).fontSize(9);
  for (const [label, value] of rows) {
    ensureSpace(doc, ROW);
    const y = doc.y;
    doc.text(fit(doc, label, width - 160), MARGIN, y, { width: width - 160, lineBreak: false });
    doc.text(value, MARGIN + width - 150, y, { width: 150, align: 'right', lineBreak: false });
    doc.y = y + ROW;
  }
}

function rentTable(doc: Doc, d: StatementDocument, width: number): void {
  const scale = width / COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const columns = COLUMNS.map((c) => ({ ...c, width: c.width * scale }));
  const header = () => {
    ensureSpace(doc, ROW * 2);
    doc.font(BOLD).fontSize(8);
    row(doc, columns, columns.map((c) => c.header));
    const y = doc.y - 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke();
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
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke();
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
