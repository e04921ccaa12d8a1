import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxDocumentSummary } from '@cutroom/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { anOrder } from '../../../testing/order-fixtures';
import { OrderDocuments } from './order-documents';

const ORDER_ID = anOrder()._id;
const receipt: TaxDocumentSummary = {
  id: 'doc-1',
  kind: 'receipt',
  kindLabel: 'Payment receipt',
  number: 'CR/RCPT/2026-27/000007',
  issuedAt: '2026-11-01T10:00:00.000Z',
  orderId: ORDER_ID,
  orderReference: 'CR-10482',
  total: 6999,
  refersTo: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('order documents', () => {
  let items: TaxDocumentSummary[];
  /** The list's answer waits for this, so the loading state can be seen. */
  let gate: Promise<void>;
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    items = [receipt];
    gate = Promise.resolve();
    clicked.length = 0;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/documents')) {
        await gate;
        return json(200, { items });
      }
      return new Response('%PDF', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="CR-RCPT-2026-27-000007.pdf"' },
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const calls = () => (fetchSpy.mock.calls as [string][]).map(([u]) => u);

  it('is not there for an order never paid, and asks nothing', () => {
    renderWithProviders(<OrderDocuments order={anOrder({ paid: false, refundedAmount: 0 })} />);
    expect(screen.queryByText('Receipts and invoices')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("lists a paid order's receipts when opened and downloads the PDF with the session", async () => {
    let answer = () => {};
    gate = new Promise((resolve) => (answer = resolve));
    renderWithProviders(<OrderDocuments order={anOrder({ paid: true })} />);
    const toggle = screen.getByRole('button', { name: 'Receipts and invoices' });
    expect(fetchSpy).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading receipts and invoices...');
    answer();
    const list = await screen.findByRole('list', { name: 'Receipts and invoices of order CR-10482' });
    expect(calls()).toEqual([`/api/orders/${ORDER_ID}/documents`]);
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Payment receipt');
    expect(item.textContent).toContain('CR/RCPT/2026-27/000007');
    expect(item.textContent).toContain('₹6,999');

    await userEvent.click(
      within(item).getByRole('button', { name: 'Download PDF of payment receipt CR/RCPT/2026-27/000007' }),
    );
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = (fetchSpy.mock.calls as [string, RequestInit][])[1]!;
    expect(url).toBe('/api/documents/doc-1/pdf');
    expect(init.credentials).toBe('include');
    expect(clicked[0]!.download).toBe('CR-RCPT-2026-27-000007.pdf');
  });

  it('says when a paid order has no documents yet', async () => {
    items = [];
    renderWithProviders(<OrderDocuments order={anOrder({ paid: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipts and invoices' }));
    expect(await screen.findByText(/None yet/)).toBeTruthy();
  });
});
