import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// What the tax journey (tests/tax.test.ts, issue 27) checks in the files people download: PDFs read with
// poppler's pdftotext and drawn with pdftoppm, CSVs split into rows. Figures are worked out here from the
// rules as the issue states them, not with the product's own code, so a rounding slip in either shows.

const shotsDir = process.env.E2E_SCREENSHOTS;

/** The figures of one order (paise), from the rules: GST inside the 20 % fee, TCS 0.5 %, TDS 0.1 %. */
export function expectedTax(grossPaise: number, opts: { registered: boolean; tds: boolean }) {
  // Integer ratios, halves up: a float like 0.005 would put 1249.5 paise a hair below the half.
  const fee = Math.round((grossPaise * 20) / 100);
  const commission = Math.round((fee * 100) / 118);
  const gst = fee - commission;
  const tcs = opts.registered ? Math.round((grossPaise * 5) / 1000) : 0;
  const tds = opts.tds ? Math.round(grossPaise / 1000) : 0;
  return { gross: grossPaise, fee, commission, gst, tcs, tds, net: grossPaise - fee - tcs - tds };
}

/** 12345600 → '1,23,456.00': Indian grouping (the last three digits, then pairs), two decimals. */
export function indian(paise: number): string {
  const rupees = String(Math.floor(paise / 100));
  const rest = String(paise % 100).padStart(2, '0');
  const grouped =
    rupees.length <= 3
      ? rupees
      : `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}`;
  return `${grouped}.${rest}`;
}

/** As the pages print rupees: '₹2,499' for whole rupees, '₹423.56' otherwise. */
export const onPage = (paise: number) => `₹${indian(paise).replace(/\.00$/, '')}`;
/** As the PDFs print rupees: always two decimals. */
export const onPaper = (paise: number) => `₹${indian(paise)}`;
/** As the CSVs print rupees: '2499.00'. */
export const inCsv = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * A downloaded PDF: checks its magic, saves it, draws its first page into the screenshots folder as
 * `<name>.png` (when E2E_SCREENSHOTS is set) and returns its text as `pdftotext -layout` reads it.
 */
export function readPdf(bytes: Buffer, dir: string, name: string): string {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    execFileSync('pdftoppm', [
      ...['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile'],
      ...[file, path.join(shotsDir, name)],
    ]);
  }
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A CSV's rows, each a list of its fields (every field is quoted; CRLF between rows). */
export function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => (line.match(/"(?:[^"]|"")*"/g) ?? []).map((f) => f.slice(1, -1).replace(/""/g, '"')));
}

/**
 * E2E_SCREENSHOTS=<dir>: what the viewport shows with `target` brought into view (its top just under the
 * sticky header, or with `block` its middle or foot in the middle or at the bottom of whatever scrolls
 * it), at the page's own width (`<name>-<width>.png`): the part of a long page a person looks at.
 */
export async function shotOf(
  page: Page,
  target: Locator,
  name: string,
  block: 'start' | 'center' | 'end' = 'start',
): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await target.first().evaluate((el, block) => {
    el.scrollIntoView({ block });
    // Clear of the sticky header (64 px) with the label above the target in sight.
    if (block === 'start') window.scrollBy(0, -110);
  }, block);
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`) });
}

/** The month (YYYY-MM) and the last ended quarter (2026-27-Q2) in India's time, as the returns count them. */
export function indianPeriods(now = new Date()): { month: string; lastQuarter: string } {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const m = ist.getUTCMonth() + 1;
  const month = `${year}-${String(m).padStart(2, '0')}`;
  // Quarters of the financial year from April: Q1 Apr–Jun … Q4 Jan–Mar.
  const fyStart = m >= 4 ? year : year - 1;
  const q = Math.floor(((m + 8) % 12) / 3) + 1;
  const [lastFy, lastQ] = q === 1 ? [fyStart - 1, 4] : [fyStart, q - 1];
  return { month, lastQuarter: `${lastFy}-${String((lastFy + 1) % 100).padStart(2, '0')}-Q${lastQ}` };
}
