import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxDocumentContent } from './content';
import { renderTaxDocumentPdf } from './render';
import {
  commissionCreditNoteSample,
  interStateInvoiceSample,
  intraStateInvoiceSample,
  longTextSample,
  receiptCreditNoteSample,
  receiptSample,
} from './samples';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  // Not a skip: without poppler these tests would prove nothing about the paper (CI installs it).
  try {
    await run('pdftotext', ['-v']);
  } catch {
    throw new Error(
      'pdftotext is not on PATH: install poppler-utils (apt-get install poppler-utils) to run these tests',
    );
  }
  dir = await mkdtemp(path.join(tmpdir(), 'cutroom-pdf-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

let seq = 0;
async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${++seq}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

async function render(content: TaxDocumentContent) {
  const pdf = await renderTaxDocumentPdf(content);
  return { pdf, text: await textOf(pdf) };
}

/** The text with runs of spaces and line breaks collapsed, for phrases that -layout may spread out. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderTaxDocumentPdf', () => {
  it('draws a payment receipt', async () => {
    const { pdf, text } = await render(receiptSample);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toContain('Payment receipt');
    expect(text).toContain('CR/RCPT/2026-27/000042');
    expect(text).toContain('Date 27 Nov 2026');
    expect(text).toContain('Cutroom Technologies Private Limited');
    expect(text).toContain('GSTIN 29AAKCC1234M1Z5');
    expect(text).toContain('PAN AAKCC1234M');
    expect(text).toContain('Ananya Rao');
    expect(text).toContain('CR-10482');
    expect(text).toContain('Wedding highlights edit');
    expect(text).toContain('Karnataka (29)');
    expect(text).toMatch(/Total\s+₹1,23,456\.00/);
    expect(text).toContain('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only');
    expect(text).toContain('Paid through Cashfree · payment reference order_abc123');
    expect(text).toContain('This is a computer-generated document and needs no signature.');
    // A receipt is not a tax invoice: no SAC column, no tax rows.
    expect(text).not.toMatch(/SAC|GST @/);
  });

  it('draws a refund credit note that names the receipt it reduces', async () => {
    const { text } = await render(receiptCreditNoteSample);
    expect(text).toContain('Credit note');
    expect(text).toContain('CR/RCN/2026-27/000007');
    expect(text).toContain('Reduces CR/RCPT/2026-27/000042 of 27 Nov 2026');
    expect(text).toMatch(/Total\s+₹40,000\.50/);
    expect(text).toContain('Rupees Forty Thousand and Fifty Paise Only');
  });

  it('draws an intra-state commission invoice with CGST and SGST', async () => {
    const { text } = await render(intraStateInvoiceSample);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('CR/INV/2026-27/000042');
    expect(text).toContain('GSTIN 29ABCDE1234F1Z5');
    expect(text).toMatch(/998599\s+₹24,691\.20/);
    expect(text).toMatch(/Taxable value\s+₹24,691\.20/);
    expect(text).toMatch(/CGST @ 9%\s+₹2,222\.21/);
    expect(text).toMatch(/SGST @ 9%\s+₹2,222\.21/);
    expect(text).not.toContain('IGST');
    expect(text).toMatch(/Total\s+₹29,135\.62/);
    expect(text).toContain('Rupees Twenty-Nine Thousand One Hundred Thirty-Five and Sixty-Two Paise Only');
    expect(text).toContain('Tax on this supply is not payable on reverse charge.');
  });

  it('draws an inter-state commission invoice with IGST', async () => {
    const { text } = await render(interStateInvoiceSample);
    expect(text).toContain('CR/INV/2026-27/000043');
    expect(text).toContain('GSTIN 27AAFFM4321K1Z9');
    expect(text).toContain('Maharashtra (27)');
    expect(text).toMatch(/IGST @ 18%\s+₹4,444\.42/);
    expect(text).not.toMatch(/[CS]GST/);
    expect(text).toMatch(/Total\s+₹29,135\.62/);
  });

  it('draws a commission credit note that names the invoice it reduces', async () => {
    const { text } = await render(commissionCreditNoteSample);
    expect(text).toContain('CR/CCN/2026-27/000003');
    expect(text).toContain('Reduces CR/INV/2026-27/000042 of 27 Nov 2026');
    expect(text).toMatch(/CGST @ 9%\s+₹720\.01/);
    expect(text).toMatch(/Total\s+₹9,440\.12/);
    expect(text).toContain('Rupees Nine Thousand Four Hundred Forty and Twelve Paise Only');
  });

  it('wraps long names, titles and addresses instead of cutting them off', async () => {
    const { text } = await render(longTextSample);
    const words = flat(text);
    for (const line of longTextSample.issuer.address) expect(text).toContain(line);
    // Each wrapped line holds part of the 120 characters; nothing is lost past the page edge.
    for (const long of [
      longTextSample.recipient.name,
      longTextSample.order.title,
      longTextSample.lines[0]!.description,
    ]) {
      for (const word of long.split(' ').slice(0, -1)) expect(words).toContain(word);
    }
    expect(text).toMatch(/Total\s+₹11,89,440\.11/);
  });

  it('continues a long table on further pages, numbering them', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: `Delivery ${i + 1} of a long retainer`,
      sac: '998599',
      amountPaise: 10_000,
    }));
    const { text } = await render({ ...intraStateInvoiceSample, lines, taxes: [], totalPaise: 400_000 });
    expect(text).toContain('Delivery 40 of a long retainer');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The column headings come again on each page the table continues on.
    expect(text.match(/DESCRIPTION/g)!.length).toBeGreaterThan(1);
  });

  it('gives the same bytes for the same content', async () => {
    const [a, b] = await Promise.all([
      renderTaxDocumentPdf(commissionCreditNoteSample),
      renderTaxDocumentPdf(commissionCreditNoteSample),
    ]);
    expect(a.equals(b)).toBe(true);
  });
});
