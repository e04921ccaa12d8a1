import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { api, completedOrder } from '../support/api';
import { visibleText } from '../support/browser';
import { keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { download, makeImage, orderCard, orderJourneys, unfold } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';
import { csvRows, expectedTax, inCsv, indianPeriods, onPage, onPaper, readPdf, shotOf } from '../support/tax';

/**
 * Issue 27 from the people's side, at 1280 and at 390: an editor fills in a registered firm's tax profile
 * (refused beside the fields first, then shown only masked); a creator pays an order with them and it
 * completes; the creator downloads the receipt; the editor reads the breakdown and downloads the tax
 * invoice for the commission; an admin reads the month and downloads the four exports.
 */

// A firm or LLP in Maharashtra (27): inter-state to the platform (Karnataka, 29), so IGST; registered,
// so TCS; a firm is never exempt from TDS. GSTN's own published example GSTIN.
const PAN = 'AAPFU0939F';
const GSTIN = '27AAPFU0939F1ZV';
// The same PAN registered in Karnataka (check character worked out with GSTN's mod-36 rule): valid in
// itself, wrong for the state chosen.
const KARNATAKA_GSTIN = '29AAPFU0939F1ZR';
const TITLE = 'Travel reel';
const PAISE_PER_RUPEE = 100;

const TAX_HEADERS = {
  tcs: [
    'GSTIN of supplier',
    'Legal name of supplier',
    'Gross value of supplies',
    'Value of supplies returned',
    'Net value of supplies',
    'IGST',
    'CGST',
    'SGST',
  ],
  tds: [
    'Deductee PAN',
    'Deductee name',
    'Section',
    'Date of credit',
    'Amount credited',
    'TDS rate (%)',
    'TDS deducted',
    'Reason',
  ],
  gst: [
    'Number',
    'Date',
    'Kind',
    'Recipient name',
    'Recipient GSTIN',
    'Place of supply',
    'Taxable value',
    'CGST',
    'SGST',
    'IGST',
    'Total',
  ],
  ledger: [
    'Date',
    'Order',
    'Gateway order id',
    'Event',
    'Refund id',
    'From (+) or to (-) the customer',
    'Commission',
    'GST on commission',
    'TCS',
    'TDS',
    'Editor net',
    'Settlement id',
    'Settlement UTR',
  ],
} as const;

/** The message shown right under the input (the field's own alert), and that the input is marked invalid. */
async function errorBeside(input: Locator): Promise<string> {
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  return visibleText(input.locator('xpath=following-sibling::p[@role="alert"]'));
}

/** Reloads until `locator` shows (the paper and the earnings row follow the money by a moment). */
async function reloadUntil(page: Page, locator: Locator, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await locator.first().waitFor({ timeout: 3000 });
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await page.reload();
    }
  }
}

/** Every layout problem of the screen: the page scrolling sideways, reported without stopping the journey. */
async function noSidewaysScroll(page: Page, screen: string): Promise<void> {
  expect.soft(await pageProblems(page, screen)).toEqual([]);
}

/**
 * A control a person must reach: seen whole (not clipped, covered or off screen) and, focused from the
 * keyboard, drawn with a focus indicator (an outline or a ring). Reported without stopping the journey.
 */
async function reachable(page: Page, control: Locator, what: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  expect.soft(await outOfView(control, what)).toEqual([]);
  await keyboardFocus(page, control);
  const shown = await control.evaluate((el) => {
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || s.boxShadow !== 'none');
  });
  expect.soft(shown, `${what}: a visible focus indicator`).toBe(true);
}

describe('tax profile, receipts, invoices and exports (issue 27)', () => {
  const rig = orderJourneys();

  for (const viewport of [DESKTOP, PHONE]) {
    const w = viewport.width;

    it(`an editor's tax profile, the creator's receipt, the commission invoice and the admin's exports at ${w}`, async () => {
      const legalName = `Unique Frames LLP ${randomBytes(3).toString('hex')}`;
      const [editor, creator, admin] = await Promise.all([
        createEditor(undefined, undefined, undefined, { taxProfile: false }),
        createCreator(),
        adminAccount(),
      ]);
      const periods = indianPeriods();

      // 1. The editor fills in the tax profile on the Earnings page: refused beside the fields first.
      const editorSide = await rig.open(editor, viewport);
      const e = editorSide.page;
      await e.goto('/profile/earnings');
      const panel = e.getByRole('region', { name: 'Tax profile' });
      const form = panel.getByRole('form', { name: 'Tax profile' });
      await form.waitFor();
      expect(await visibleText(panel)).toContain('No PAN or Aadhaar on file: 5% is deducted');
      await form.getByLabel('Legal name').fill(legalName);
      await form.getByLabel('Taxpayer kind').selectOption({ label: 'Firm or LLP' });
      await form.getByLabel('State', { exact: true }).selectOption({ label: 'Maharashtra' });
      const pan = form.getByLabel('PAN', { exact: true });
      const gstin = form.getByLabel('GSTIN (optional)');
      await pan.fill('AAPFU939F');
      await gstin.fill(KARNATAKA_GSTIN);
      const save = form.getByRole('button', { name: 'Save tax profile' });
      await reachable(e, save, `Save tax profile at ${w}`);
      await save.click();
      expect(await errorBeside(pan)).toBe('Enter a valid PAN, like ABCPE1234F');
      await noSidewaysScroll(e, `tax profile with a PAN error at ${w}`);
      await shotOf(e, panel, 'tax-profile-errors-pan');
      // A well-formed PAN: now the GSTIN is checked against the state chosen.
      await pan.fill(PAN);
      await save.click();
      expect(await errorBeside(gstin)).toBe(
        'This GSTIN is registered in Karnataka, not in the state you chose',
      );
      expect(await pan.getAttribute('aria-invalid')).toBe('false');
      // The focus goes to the field to fix.
      await expect.poll(() => gstin.evaluate((el) => el === document.activeElement)).toBe(true);
      await noSidewaysScroll(e, `tax profile with a GSTIN error at ${w}`);
      await shotOf(e, form.getByLabel('Taxpayer kind'), 'tax-profile-errors-gstin');

      // The registered profile saves; from then on only masks are shown.
      await gstin.fill(GSTIN);
      await save.click();
      expect(await visibleText(e.getByText('Tax profile saved'))).toBe('Tax profile saved');
      const saved = panel.getByTestId('tax-profile-saved');
      await saved.waitFor();
      const profileText = await visibleText(saved);
      for (const part of [legalName, 'Firm or LLP', 'Maharashtra', '••••••939F', '27••••••••••1ZV']) {
        expect(profileText).toContain(part);
      }
      expect(await panel.getByText('No PAN or Aadhaar on file', { exact: false }).count()).toBe(0);
      // Neither the whole PAN nor the GSTIN (which holds it) is anywhere in the page, markup included.
      expect(await e.content()).not.toContain(PAN);
      expect(await e.locator('body').innerText()).not.toContain(PAN);
      await noSidewaysScroll(e, `saved tax profile at ${w}`);
      await shotOf(e, panel, 'tax-profile-saved');
      // The server keeps the same: masked only.
      const stored = (await api(editor, 'GET', '/earnings/tax-profile')).taxProfile;
      expect(stored).toMatchObject({ stateCode: '27', entityType: 'firm', registered: true });
      expect(JSON.stringify(stored)).not.toContain(PAN);

      // 2. A creator pays an order with this editor; it is delivered, approved and completes.
      const image = makeImage(rig.dir, `tax-still-${w}.png`, 'testsrc');
      const order = await completedOrder(creator, editor, image);
      const { reference } = order;
      const paidOrder = (await api(creator, 'GET', `/orders/${order._id}`)).data;
      const grossPaise = paidOrder.amount * PAISE_PER_RUPEE;
      expect(grossPaise).toBe(249_900);
      const money = expectedTax(grossPaise, { registered: true, tds: true });

      // 3. The creator opens the order's receipts and downloads the receipt.
      const creatorSide = await rig.open(creator, viewport);
      const c = creatorSide.page;
      await c.goto(`/chat?roomId=${paidOrder.roomId}`);
      await unfold(c, 'Orders');
      const card = orderCard(c, TITLE);
      const papers = card.getByRole('button', { name: 'Receipts and invoices' });
      expect(await papers.getAttribute('aria-expanded')).toBe('false');
      await papers.click();
      expect(await papers.getAttribute('aria-expanded')).toBe('true');
      const receipts = card.getByRole('list', { name: `Receipts and invoices of order ${reference}` });
      const receipt = receipts.getByRole('listitem').filter({ hasText: 'Payment receipt' });
      expect(await visibleText(receipt)).toContain(onPage(grossPaise));
      // The creator's paper only: never the platform's invoice to the editor.
      expect(await visibleText(receipts)).not.toContain('Tax invoice');
      const receiptButton = receipt.getByRole('button', { name: /^Download PDF of payment receipt / });
      await reachable(c, papers, `'Receipts and invoices' at ${w}`);
      await reachable(c, receiptButton, `the receipt's Download PDF at ${w}`);
      await noSidewaysScroll(c, `order receipts at ${w}`);
      await shotOf(c, receipts, 'order-receipts', 'center');
      const receiptPdf = await download(c, receiptButton, rig.dir, /^CR-RCPT-\d{4}-\d{2}-\d{6}\.pdf$/);
      const receiptText = readPdf(receiptPdf, rig.dir, `receipt-pdf-${w}`);
      expect(receiptText).toContain('Payment receipt');
      expect(receiptText).toContain(reference);
      expect(receiptText).toContain(onPaper(grossPaise));
      expect(receiptText.replace(/\s+/g, ' ')).toContain('Rupees Two Thousand Four Hundred Ninety-Nine Only');
      expect(receiptText).toContain(editor.username);
      expect(receiptText).not.toContain(PAN);
      expect(receiptText).not.toContain(GSTIN);
      expect(receiptText).not.toContain(legalName);

      // 4. The editor sees the order's breakdown and downloads the tax invoice for the commission.
      await e.reload();
      const row = e.locator(`[data-order="${reference}"]`).filter({ visible: true });
      await reloadUntil(e, row);
      const figures = [
        onPage(money.gross),
        onPage(money.commission),
        onPage(money.gst),
        onPage(money.tcs),
        onPage(money.tds),
        onPage(money.net),
      ];
      const rowText = await visibleText(row);
      // Gross → commission → GST on commission → TCS → TDS → net, in that order along the row.
      let at = 0;
      for (const figure of figures) {
        const found = rowText.indexOf(figure, at);
        expect(found, `${figure} after position ${at} in: ${rowText}`).toBeGreaterThanOrEqual(0);
        at = found + figure.length;
      }
      await noSidewaysScroll(e, `earnings breakdown at ${w}`);
      await shotOf(e, e.getByRole('heading', { name: 'Earnings by order' }), 'earnings-breakdown');

      const documents = e.getByRole('list', { name: 'Invoices and credit notes' });
      const invoice = documents.getByRole('listitem').filter({ hasText: reference });
      await reloadUntil(e, invoice);
      const invoiceText = await visibleText(invoice);
      expect(invoiceText).toContain('Tax invoice for commission');
      expect(invoiceText).toContain(onPage(money.fee));
      const invoiceButton = invoice.getByRole('button', {
        name: /^Download PDF of tax invoice for commission /,
      });
      await reachable(e, invoiceButton, `the invoice's Download PDF at ${w}`);
      await noSidewaysScroll(e, `tax documents at ${w}`);
      await shotOf(e, e.getByRole('heading', { name: 'Tax documents' }), 'tax-documents');
      const invoicePdf = await download(e, invoiceButton, rig.dir, /^CR-INV-\d{4}-\d{2}-\d{6}\.pdf$/);
      const paper = readPdf(invoicePdf, rig.dir, `commission-invoice-pdf-${w}`);
      expect(paper).toContain('Tax invoice');
      expect(paper).toContain(reference);
      expect(paper).toContain(legalName);
      expect(paper).toContain(GSTIN);
      expect(paper).toContain('Maharashtra (27)');
      expect(paper).toContain('IGST @ 18%');
      expect(paper).not.toMatch(/[CS]GST @/);
      for (const paise of [money.commission, money.gst, money.fee]) expect(paper).toContain(onPaper(paise));
      expect(paper.replace(/\s+/g, ' ')).toContain('Rupees Four Hundred Ninety-Nine and Eighty Paise Only');

      // The month's statement lists the order with the same figures.
      const statementForm = e.getByRole('form', { name: 'Monthly statement' });
      expect(await statementForm.getByLabel('Month').inputValue()).toBe(periods.month);
      const statement = (
        await download(
          e,
          statementForm.getByRole('button', { name: 'Download CSV' }),
          rig.dir,
          new RegExp(`^cutroom-statement-${periods.month}\\.csv$`),
        )
      ).toString('utf8');
      const statementRow = csvRows(statement).find((r) => r.includes(reference));
      expect(statementRow, statement).toBeDefined();
      for (const paise of [money.gross, money.commission, money.gst, money.tcs, money.tds, money.net]) {
        expect(statementRow).toContain(inCsv(paise));
      }
      await editorSide.context.close();
      await creatorSide.context.close();

      // 5. The admin reads the month and downloads the four exports.
      const adminSide = await rig.open(admin, viewport);
      const a = adminSide.page;
      await a.goto('/admin/tax');
      expect(await visibleText(a.getByRole('heading', { level: 1 }))).toBe('Tax');
      await a.getByTestId('tax-chart').locator('svg.recharts-surface').first().waitFor();
      const summary = await api(admin, 'GET', '/admin/tax');
      const thisMonth = summary.months.at(-1);
      expect(thisMonth.month).toBe(periods.month);
      // This order is in the month (other journeys' orders may be too).
      expect(thisMonth.tcs).toBeGreaterThanOrEqual(money.tcs / PAISE_PER_RUPEE);
      expect(thisMonth.tds).toBeGreaterThanOrEqual(money.tds / PAISE_PER_RUPEE);
      expect(thisMonth.gstOnCommission).toBeGreaterThanOrEqual(money.gst / PAISE_PER_RUPEE);
      const rupees = (n: number) => onPage(Math.round(n * PAISE_PER_RUPEE));
      const monthRow = a
        .getByRole('table', { name: 'Commission, GST on commission, TCS and TDS per month' })
        .getByRole('row')
        .last();
      const monthText = (await monthRow.textContent()) ?? '';
      for (const figure of [thisMonth.commission, thisMonth.gstOnCommission, thisMonth.tcs, thisMonth.tds]) {
        expect(monthText).toContain(rupees(figure));
      }
      const rates = await visibleText(a.getByRole('heading', { name: 'Rates in force' }).locator('xpath=..'));
      for (const value of ['18%', '0.5%', '0.1%', '5%', '₹5,00,000']) expect(rates).toContain(value);
      await noSidewaysScroll(a, `admin tax page at ${w}`);
      await shotAtOwnWidth(a, 'admin-tax');

      const csv: Record<string, string[][]> = {};
      for (const kind of ['tcs', 'gst', 'ledger', 'tds'] as const) {
        const line = a.getByTestId(`tax-export-${kind}`);
        const period = kind === 'tds' ? periods.lastQuarter : periods.month;
        await reachable(
          a,
          line.getByRole('button', { name: 'Download CSV' }),
          `${kind} Download CSV at ${w}`,
        );
        if (kind === 'tds') {
          // The quarter offered first is the last one that has ended.
          const quarter = line.getByRole('combobox');
          expect(await quarter.inputValue()).toBe(periods.lastQuarter);
          await reachable(a, quarter, `the TDS export's quarter at ${w}`);
          // The whole label of the quarter fits its box beside the arrow (a select neither wraps nor scrolls).
          const fit = await quarter.evaluate((el: HTMLSelectElement) => {
            const s = getComputedStyle(el);
            const ctx = document.createElement('canvas').getContext('2d')!;
            ctx.font = s.font;
            const text = ctx.measureText(el.options[el.selectedIndex]!.text).width;
            const ARROW = 20;
            const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - ARROW;
            return { text: Math.ceil(text), room: Math.floor(room) };
          });
          expect
            .soft(fit.text, `the TDS quarter's label fits its select at ${w}`)
            .toBeLessThanOrEqual(fit.room);
          await shotOf(a, quarter, 'admin-tax-quarter-focus');
        } else {
          await line.getByLabel(/^Month for /).fill(period);
        }
        const bytes = await download(
          a,
          line.getByRole('button', { name: 'Download CSV' }),
          rig.dir,
          new RegExp(`${kind}.*${period}.*\\.csv$`),
        );
        csv[kind] = csvRows(bytes.toString('utf8'));
        expect(csv[kind]![0]).toEqual([...TAX_HEADERS[kind]]);
      }
      // GSTR-8: the editor's GSTIN and the TCS collected (CGST + SGST halves, the editor's own state).
      const tcsRow = csv.tcs!.find((r) => r[0] === GSTIN && r[1] === legalName);
      expect(tcsRow, JSON.stringify(csv.tcs)).toEqual([
        GSTIN,
        legalName,
        inCsv(money.gross),
        '0.00',
        inCsv(money.gross),
        '0.00',
        inCsv(Math.floor(money.tcs / 2)),
        inCsv(money.tcs - Math.floor(money.tcs / 2)),
      ]);
      // GST on commission: the invoice to the editor, IGST only.
      const gstRow = csv.gst!.find((r) => r.includes(GSTIN) && r.includes(legalName));
      expect(gstRow, JSON.stringify(csv.gst)).toBeDefined();
      expect(gstRow!.slice(-5)).toEqual([
        inCsv(money.commission),
        '0.00',
        '0.00',
        inCsv(money.gst),
        inCsv(money.fee),
      ]);
      expect(csv.ledger!.some((r) => r[1] === reference)).toBe(true);
      // The order was paid this quarter: not in the last ended one.
      expect(csv.tds!.some((r) => r[1] === legalName)).toBe(false);
      await shotOf(a, a.getByRole('heading', { name: 'Exports' }), 'admin-tax-exports');
      await adminSide.context.close();
    });
  }
});
