import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { amountInWords, formatIndianPaise } from '@cutroom/contracts';
import type { TaxDocumentContent } from './content';

type Doc = PDFKit.PDFDocument;

// The standard PDF fonts have no '₹' glyph; DejaVu does. Resolved through the package (not a path
// relative to this file) so it works wherever npm hoists it.
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
function fonts() {
  fontFiles ??= {
    regular: readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

const INK = '#1c2430';
const MUTED = '#5f6b7a';
const RULE = '#d5dae1';
const BAND = '#f1f3f6';
const MARGIN = 50;
/** Room kept above the bottom margin for the footer. */
const FOOTER_SPACE = 30;
/** Table cell padding, and the fixed columns; the description takes what is left. */
const PAD = 8;
const SAC_WIDTH = 70;
const AMOUNT_WIDTH = 120;
const FOOTER_TEXT = 'This is a computer-generated document and needs no signature.';

// Month names spelled here, not by Intl: ICU has changed 'Sep' to 'Sept' before, and a reissued PDF
// must read the same as the original.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST = { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const istParts = new Intl.DateTimeFormat('en-CA', IST);

/** The calendar date in India of an instant: '27 Nov 2026'. */
function istDate(iso: string): string {
  const parts = Object.fromEntries(istParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`;
}

const RECIPIENT_LABEL: Record<TaxDocumentContent['kind'], string> = {
  receipt: 'Received from',
  receipt_credit_note: 'Refunded to',
  commission_invoice: 'Billed to',
  commission_credit_note: 'Issued to',
};

interface Style {
  bold?: boolean;
  size: number;
  color?: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

function style(doc: Doc, s: Style) {
  doc.font(s.bold ? 'Bold' : 'Regular', s.size).fillColor(s.color ?? INK);
  return { width: s.width, align: s.align ?? 'left', lineGap: 1.5 } as const;
}

function height(doc: Doc, text: string, s: Style): number {
  return doc.heightOfString(text, style(doc, s));
}

/** Draws `text` wrapped to the style's width and returns the y just below it. */
function put(doc: Doc, text: string, x: number, y: number, s: Style): number {
  const options = style(doc, s);
  const h = doc.heightOfString(text, options);
  doc.text(text, x, y, options);
  return y + h;
}

function label(doc: Doc, text: string, x: number, y: number, width: number): number {
  return put(doc, text.toUpperCase(), x, y, { bold: true, size: 7.5, color: MUTED, width }) + 3;
}

function rule(doc: Doc, x: number, y: number, width: number, color = RULE, thickness = 0.75) {
  doc.save().rect(x, y, width, thickness).fill(color).restore();
}

/** An amount in the right-hand column, where the table's amounts and the totals line up. */
function amount(doc: Doc, at: Cursor, paise: number, y: number, s: Partial<Style> = {}) {
  const x = at.left + at.width - AMOUNT_WIDTH - PAD;
  put(doc, formatIndianPaise(paise), x, y, { size: 9.5, ...s, width: AMOUNT_WIDTH, align: 'right' });
}

/**
 * Draws a tax document as an A4 PDF. The same content always gives the same text, and the same bytes:
 * the creation date (and so the file ID pdfkit derives from the info dictionary) comes from issuedAt.
 */
export async function renderTaxDocumentPdf(content: TaxDocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${content.title} ${content.number}`,
      Author: content.issuer.name,
      Subject: `${content.title} for order ${content.order.reference}`,
      Creator: 'Cutroom',
      Producer: 'Cutroom',
      CreationDate: new Date(content.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Regular', fonts().regular);
  doc.registerFont('Bold', fonts().bold);

  draw(doc, content);
  drawFooters(doc);
  doc.end();
  return done;
}

/** Where the next thing goes; moves to a new page when a block would run into the footer. */
class Cursor {
  readonly left = MARGIN;
  readonly width: number;
  y = MARGIN;
  constructor(private readonly doc: Doc) {
    this.width = doc.page.width - 2 * MARGIN;
  }
  /** Starts a new page when `space` does not fit on this one; true when it did. */
  room(space: number): boolean {
    if (this.y + space <= this.doc.page.height - MARGIN - FOOTER_SPACE) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }
}

function draw(doc: Doc, c: TaxDocumentContent) {
  const at = new Cursor(doc);
  const { left, width } = at;
  drawHeader(doc, c, at);
  drawParties(doc, c, at);
  drawLines(doc, c, at);
  drawTotals(doc, c, at);
  if (c.notes.length > 0) {
    at.y += 22;
    at.room(30);
    at.y = label(doc, 'Notes', left, at.y, width);
    for (const note of c.notes) {
      at.room(height(doc, note, { size: 8.5, width }) + 3);
      at.y = put(doc, note, left, at.y, { size: 8.5, color: MUTED, width }) + 3;
    }
  }
}

/** The issuer on the left, what this paper is on the right. */
function drawHeader(doc: Doc, c: TaxDocumentContent, at: Cursor) {
  const { left, width, y } = at;
  const issuerWidth = width * 0.62;
  const metaX = left + issuerWidth + 20;
  const metaWidth = width - issuerWidth - 20;
  let ly = put(doc, c.issuer.name, left, y, { bold: true, size: 13, width: issuerWidth }) + 3;
  for (const line of c.issuer.address)
    ly = put(doc, line, left, ly, { size: 9, color: MUTED, width: issuerWidth });
  ly += 3;
  const ids = [c.issuer.gstin && `GSTIN ${c.issuer.gstin}`, c.issuer.pan && `PAN ${c.issuer.pan}`];
  for (const line of ids) if (line) ly = put(doc, line, left, ly, { size: 9, width: issuerWidth });

  const right = { width: metaWidth, align: 'right' } as const;
  let ry = put(doc, c.title, metaX, y - 2, { bold: true, size: 18, ...right }) + 6;
  ry = put(doc, c.number, metaX, ry, { bold: true, size: 10, ...right }) + 2;
  ry = put(doc, `Date ${istDate(c.issuedAt)}`, metaX, ry, { size: 9, color: MUTED, ...right });
  at.y = Math.max(ly, ry) + 16;
  rule(doc, left, at.y, width, INK, 1);
  at.y += 16;
}

/** Who it is for on the left, the order it is about on the right. */
function drawParties(doc: Doc, c: TaxDocumentContent, at: Cursor) {
  const { left, width, y } = at;
  const colWidth = (width - 30) / 2;
  const rightX = left + colWidth + 30;
  let ly = label(doc, RECIPIENT_LABEL[c.kind], left, y, colWidth);
  ly = put(doc, c.recipient.name, left, ly, { bold: true, size: 10.5, width: colWidth }) + 2;
  for (const line of c.recipient.lines) ly = put(doc, line, left, ly, { size: 9, width: colWidth });

  let ry = label(doc, 'Order', rightX, y, colWidth);
  ry = put(doc, c.order.reference, rightX, ry, { bold: true, size: 10.5, width: colWidth }) + 2;
  ry = put(doc, c.order.title, rightX, ry, { size: 9, width: colWidth });
  if (c.placeOfSupply) {
    ry = label(doc, 'Place of supply', rightX, ry + 10, colWidth);
    ry = put(doc, c.placeOfSupply, rightX, ry, { size: 9, width: colWidth });
  }
  if (c.refersTo) {
    ry = label(doc, 'Original document', rightX, ry + 10, colWidth);
    const reduces = `Reduces ${c.refersTo.number} of ${istDate(c.refersTo.issuedAt)}`;
    ry = put(doc, reduces, rightX, ry, { size: 9, width: colWidth });
  }
  at.y = Math.max(ly, ry) + 24;
}

function tableHeader(doc: Doc, at: Cursor, sacWidth: number) {
  const { left, width } = at;
  const descWidth = width - sacWidth - AMOUNT_WIDTH - 2 * PAD;
  doc.save().rect(left, at.y, width, 20).fill(BAND).restore();
  const s = { bold: true, size: 8, color: MUTED } as const;
  put(doc, 'DESCRIPTION', left + PAD, at.y + 6, { ...s, width: descWidth });
  if (sacWidth > 0) put(doc, 'SAC', left + PAD + descWidth, at.y + 6, { ...s, width: sacWidth });
  put(doc, 'AMOUNT', left + width - AMOUNT_WIDTH - PAD, at.y + 6, {
    ...s,
    width: AMOUNT_WIDTH,
    align: 'right',
  });
  at.y += 20;
}

function drawLines(doc: Doc, c: TaxDocumentContent, at: Cursor) {
  const { left, width } = at;
  // Receipts are not tax invoices and carry no SAC: the column goes rather than stand empty.
  const sacWidth = c.lines.some((l) => l.sac) ? SAC_WIDTH : 0;
  const descWidth = width - sacWidth - AMOUNT_WIDTH - 2 * PAD;
  tableHeader(doc, at, sacWidth);
  for (const line of c.lines) {
    const rowHeight = height(doc, line.description, { size: 9.5, width: descWidth }) + 2 * PAD;
    // A row that moves to a new page takes the column headings with it.
    if (at.room(rowHeight)) tableHeader(doc, at, sacWidth);
    const top = at.y + PAD;
    put(doc, line.description, left + PAD, top, { size: 9.5, width: descWidth });
    if (line.sac) put(doc, line.sac, left + PAD + descWidth, top, { size: 9.5, width: sacWidth });
    amount(doc, at, line.amountPaise, top);
    at.y += rowHeight;
    rule(doc, left, at.y, width);
  }
}

/** Taxable value and taxes when there are any, the total, and the total in words. */
function drawTotals(doc: Doc, c: TaxDocumentContent, at: Cursor) {
  const { left, width } = at;
  const blockWidth = 280;
  const x = left + width - blockWidth;
  const labelWidth = blockWidth - AMOUNT_WIDTH - 2 * PAD;
  const words = amountInWords(c.totalPaise);
  at.room((c.taxes.length + 2) * 20 + height(doc, words, { size: 9.5, width }) + 40);
  at.y += 6;
  const row = (text: string, paise: number) => {
    const h = height(doc, text, { size: 9.5, width: labelWidth });
    put(doc, text, x + PAD, at.y + 5, { size: 9.5, color: MUTED, width: labelWidth });
    amount(doc, at, paise, at.y + 5);
    at.y += h + 10;
  };
  if (c.taxes.length > 0) {
    const taxable = c.lines.reduce((sum, l) => sum + l.amountPaise, 0);
    row('Taxable value', taxable);
    for (const tax of c.taxes) row(tax.label, tax.amountPaise);
  }
  at.y += 2;
  rule(doc, x, at.y, blockWidth, INK, 1);
  const total = { bold: true, size: 11.5 } as const;
  put(doc, 'Total', x + PAD, at.y + 8, { ...total, width: labelWidth });
  amount(doc, at, c.totalPaise, at.y + 8, total);
  at.y += 30;
  rule(doc, x, at.y, blockWidth, INK, 1);

  at.y += 16;
  at.y = label(doc, 'Amount in words', left, at.y, width);
  at.y = put(doc, words, left, at.y, { size: 9.5, width });
}

/** The footer on every page, drawn last so it can say how many pages there are. */
function drawFooters(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would otherwise make pdfkit start another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * MARGIN;
    const y = doc.page.height - MARGIN - 12;
    rule(doc, MARGIN, y - 8, width);
    put(doc, FOOTER_TEXT, MARGIN, y, { size: 7.5, color: MUTED, width, align: 'center' });
    if (count > 1) {
      const page = `Page ${i - start + 1} of ${count}`;
      put(doc, page, MARGIN, y, { size: 7.5, color: MUTED, width, align: 'right' });
    }
    doc.page.margins.bottom = margin;
  }
}
