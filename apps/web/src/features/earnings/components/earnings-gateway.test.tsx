import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { EARNING_GATEWAY_LABELS, type EarningRow } from '@cutroom/contracts/payouts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { aRow, aSummary, anAccount, json } from '../../../testing/earnings-fixtures';
import { EarningsOrders } from './earnings-orders';
import EarningsPage from './earnings-page';

const profile = vi.hoisted(() => ({ role: 'editor' as const }));
vi.mock('../../profile/hooks/use-profile-role', () => ({ useProfileRole: () => profile.role }));

/** The order's row in the table and its card, each as what it shows under the state badge. */
function notes(reference: string) {
  const table = screen.getByRole('table', { name: 'Earnings by order' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.getAttribute('data-order') === reference)!;
  const card = within(screen.getByRole('list', { name: 'Earnings by order' }))
    .getAllByRole('listitem')
    .find((li) => li.querySelector(`[data-order="${reference}"]`))!;
  return {
    row: within(row).queryByTestId('earning-gateway'),
    card: within(card).queryByTestId('earning-gateway'),
  };
}

const rows: EarningRow[] = [
  aRow({ orderId: 'o-1', reference: 'CR-1', state: 'in_progress', gateway: 'splitting', availableAt: null }),
  aRow({ orderId: 'o-2', reference: 'CR-2', state: 'clearing', gateway: 'held' }),
  aRow({ orderId: 'o-3', reference: 'CR-3', state: 'available', gateway: 'released' }),
  aRow({ orderId: 'o-4', reference: 'CR-4', state: 'clearing', gateway: 'from_cutroom' }),
  aRow({ orderId: 'o-5', reference: 'CR-5', state: 'in_progress', gateway: 'failed', availableAt: null }),
  aRow({ orderId: 'o-6', reference: 'CR-6', state: 'paid_out', gateway: 'released' }),
  aRow({ orderId: 'o-7', reference: 'CR-7', state: 'refunded', gateway: null, share: 0 }),
  aRow({ orderId: 'o-8', reference: 'CR-8', state: 'in_progress', gateway: 'waiting', availableAt: null }),
];

describe('where the payment gateway stands with each share', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/earnings') {
        return json(200, aSummary({ payoutAccount: anAccount({ vendorState: 'in_review' }) }));
      }
      if (url.pathname === '/api/earnings/orders') return json(200, { items: rows, nextCursor: null });
      if (url.pathname === '/api/earnings/tax-profile') return json(200, { taxProfile: null });
      if (url.pathname === '/api/earnings/documents') return json(200, { items: [], nextCursor: null });
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says it under the state badge, in the table and on the card alike', async () => {
    renderWithProviders(<EarningsOrders />);
    await screen.findByRole('table', { name: 'Earnings by order' });
    const said = {
      'CR-1': 'Being split at the payment gateway',
      'CR-2': 'Held by the payment gateway until it clears',
      'CR-3': 'Released for payout',
      'CR-4': 'Paid from Cutroom’s balance once it clears',
      'CR-5': 'Split failed · we are on it',
    };
    for (const [reference, text] of Object.entries(said)) {
      const { row, card } = notes(reference);
      expect(row?.textContent, reference).toBe(text);
      expect(card?.textContent, reference).toBe(text);
    }
    // The table's State column: the badge, then the gateway, then when the share is available.
    const state = notes('CR-2').row!.closest('td')!;
    expect(state.textContent).toBe(
      `Pending · clearingHeld by the payment gateway until it clearsAvailable: 12 Nov 2026`,
    );
  });

  it('says nothing more once the share is paid out or refunded', async () => {
    renderWithProviders(<EarningsOrders />);
    await screen.findByRole('table', { name: 'Earnings by order' });
    for (const reference of ['CR-6', 'CR-7']) {
      expect(notes(reference)).toEqual({ row: null, card: null });
    }
  });

  it('does not alarm about a failed split: no red, no alert, nothing asked of the editor', async () => {
    renderWithProviders(<EarningsOrders />);
    await screen.findByRole('table', { name: 'Earnings by order' });
    const { row, card } = notes('CR-5');
    for (const note of [row!, card!]) {
      expect(note.className).not.toMatch(/red|amber/);
      expect(note.closest('[role="alert"]')).toBeNull();
      expect(within(note).queryByRole('link')).toBeNull();
    }
  });

  it('a share waiting for the payout account leads to the Payout details panel', async () => {
    // jsdom lays nothing out and has no scrollIntoView: one that notes what was brought into view.
    const scrolled: string[] = [];
    const own = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    onTestFinished(() => {
      Element.prototype.scrollIntoView = own;
    });
    renderWithProviders(<EarningsPage />);
    await screen.findByRole('table', { name: 'Earnings by order' });
    const { row, card } = notes('CR-8');
    expect(row!.textContent).toBe(`${EARNING_GATEWAY_LABELS.waiting}: see Payout details`);
    expect(card!.textContent).toBe(`${EARNING_GATEWAY_LABELS.waiting}: see Payout details`);

    const link = within(card!).getByRole('link', { name: 'see Payout details' });
    expect(link.getAttribute('href')).toBe('#payout-details-title');
    await userEvent.click(link);
    const heading = screen.getByRole('heading', { level: 2, name: 'Payout details' });
    expect(document.activeElement).toBe(heading);
    expect(scrolled).toEqual(['payout-details-title']);
    // The panel it leads to says why payouts wait.
    expect(
      within(screen.getByRole('region', { name: 'Payout details' })).getByText(
        'Under review by the payment gateway',
      ),
    ).toBeTruthy();
  });
});
