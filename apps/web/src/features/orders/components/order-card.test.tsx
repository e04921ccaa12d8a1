import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderAction } from '@cutroom/contracts/orders';
import { ordersApi } from '../api/orders-api';
import { OrderCard } from './order-card';
import type { OrderSide } from './order-actions';
import { anOrder } from '../../../testing/order-fixtures';

function show(over: Partial<Order>, side: OrderSide = 'creator', onDeliver?: (id: string) => void) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <OrderCard order={anOrder(over)} side={side} closed={false} onDeliver={onDeliver} />
    </QueryClientProvider>,
  );
}

/** The names of the action buttons, in the order shown. */
const actionButtons = () => {
  const group = screen.queryByRole('group', { name: /^Actions for order/ });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim())
    : [];
};

const cases: [string, OrderSide, OrderAction[], Partial<Order>, string[]][] = [
  [
    'an offer to the creator',
    'creator',
    ['accept', 'decline'],
    { status: 'offered' },
    ['Accept & pay now', 'Accept, pay on approval', 'Decline'],
  ],
  ['an offer to its editor', 'editor', ['withdraw'], { status: 'offered' }, ['Withdraw offer']],
  [
    'an unpaid order to the creator',
    'creator',
    ['pay', 'cancel', 'request_cancellation'],
    { status: 'awaiting_payment' },
    ['Pay for this order · ₹6,999', 'Cancel order', 'Propose cancellation'],
  ],
  [
    'a late order to the creator',
    'creator',
    ['cancel', 'request_cancellation'],
    { status: 'in_progress', late: true, paid: true },
    ['Cancel with full refund', 'Propose cancellation'],
  ],
  [
    'a cancellation the editor must answer',
    'editor',
    ['deliver', 'accept_cancellation', 'decline_cancellation'],
    {
      cancellation: {
        requestedBy: 'creator',
        reason: 'Plans changed',
        requestedAt: '2030-01-02T10:00:00.000Z',
        respondBy: '2030-01-04T10:00:00.000Z',
      },
    },
    ['Deliver', 'Accept cancellation', 'Keep the order'],
  ],
  [
    'its own cancellation request',
    'creator',
    ['withdraw_cancellation'],
    {},
    ['Withdraw cancellation request'],
  ],
  [
    'an extra revision the editor may accept',
    'editor',
    ['accept_extra_revision', 'request_cancellation'],
    { status: 'delivered', extraRevision: { note: 'One more cut', requestedAt: '2030-01-03T10:00:00.000Z' } },
    ['Accept extra revision', 'Propose cancellation'],
  ],
  ['a completed, paid order', 'creator', [], { status: 'completed', paid: true }, []],
];

describe('order card', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each(cases)('shows exactly the buttons of its actions: %s', (_name, side, actions, over, expected) => {
    show({ ...over, actions }, side, () => {});
    expect(actionButtons()).toEqual(expected);
  });

  it('shows no delivery shortcut without a way to open the delivery form, nor buttons for review', () => {
    show({ status: 'delivered', actions: ['deliver', 'review'] }, 'editor');
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByText(/Review the delivery under Deliveries/)).not.toBeNull();
  });

  it("takes the creator to the delivery waiting for review with 'Show the delivery'", async () => {
    const panel = document.createElement('div');
    panel.id = 'deliveries-r1';
    panel.innerHTML =
      '<article data-testid="delivery-card" data-status="changes_requested"></article>' +
      '<article data-testid="delivery-card" data-status="sent"><div data-review-actions></div></article>';
    document.body.append(panel);
    const scrolled: string[] = [];
    for (const el of panel.querySelectorAll<HTMLElement>(
      'article[data-status="sent"], [data-review-actions]',
    )) {
      el.scrollIntoView = () => scrolled.push(el.tagName);
    }
    show({ status: 'delivered', actions: ['review'] }, 'creator');
    await userEvent.click(screen.getByRole('button', { name: 'Show the delivery' }));
    // The card's top first, then its Approve / Request changes if the card is taller than the strip.
    expect(scrolled).toEqual(['ARTICLE', 'DIV']);
    panel.remove();
  });

  it('shows the terms: reference, title, price, days, revisions left, payment and due date', () => {
    show({ status: 'in_progress', revisionsLeft: 1, late: true, paid: false });
    const card = screen.getByTestId('order-card');
    expect(card.textContent).toContain('CR-10482');
    expect(screen.getByRole('heading', { name: 'Wedding teaser' })).not.toBeNull();
    expect(card.textContent).toContain('₹6,999');
    expect(card.textContent).toContain('5 days');
    expect(card.textContent).toContain('1 left of 2');
    expect(card.textContent).toContain('Not paid yet');
    expect(screen.getAllByText(/Late/).length).toBeGreaterThan(0);
  });

  it('tells the editor which cancellation waits for them, with the reason', () => {
    show(
      {
        cancellation: {
          requestedBy: 'creator',
          reason: 'Plans changed',
          requestedAt: '2030-01-02T10:00:00.000Z',
          respondBy: '2030-01-04T10:00:00.000Z',
        },
      },
      'editor',
    );
    const notice = screen.getByTestId('order-cancellation');
    expect(notice.textContent).toContain('The creator proposed cancelling this order');
    expect(notice.textContent).toContain('Plans changed');
    expect(notice.textContent).toMatch(/Answer by .+, or it is cancelled by itself\.$/);
  });

  it('on a disputed order, says an unanswered cancellation lapses rather than going through', () => {
    const cancellation = {
      requestedBy: 'creator' as const,
      reason: 'Plans changed',
      requestedAt: '2030-01-02T10:00:00.000Z',
      respondBy: '2030-01-04T10:00:00.000Z',
    };
    show({ cancellation, disputeId: '0c9e0f7e-2a0a-4c55-9a43-6f0f3d1c2b11' }, 'editor');
    expect(screen.getByTestId('order-cancellation').textContent).toMatch(
      /Answer by .+; unanswered, the request lapses while the dispute is open\.$/,
    );
    cleanup();
    show({ cancellation, disputeId: '0c9e0f7e-2a0a-4c55-9a43-6f0f3d1c2b11' }, 'creator');
    expect(screen.getByTestId('order-cancellation').textContent).toMatch(
      /Lapses on .+ unless the editor answers: while the dispute is open, the order is not cancelled by itself\.$/,
    );
  });

  it('accepts an offer to pay later without opening the payment', async () => {
    const user = userEvent.setup();
    const accept = vi
      .spyOn(ordersApi, 'accept')
      .mockResolvedValue(anOrder({ status: 'in_progress', actions: ['request_cancellation'] }));
    show({ status: 'offered', actions: ['accept', 'decline'] });
    await user.click(screen.getByRole('button', { name: 'Accept, pay on approval' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith(anOrder()._id, { payNow: false }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('accepts an offer and goes straight on to paying the order', async () => {
    const user = userEvent.setup();
    vi.spyOn(ordersApi, 'accept').mockResolvedValue(
      anOrder({ status: 'awaiting_payment', actions: ['pay', 'cancel', 'request_cancellation'] }),
    );
    show({ status: 'offered', actions: ['accept', 'decline'] });
    await user.click(screen.getByRole('button', { name: 'Accept & pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete your payment' });
    expect(within(dialog).getByTestId('payment-order').textContent).toBe('CR-10482 Wedding teaser');
  });

  it('confirms a late cancellation, saying the paid amount comes back in full', async () => {
    const user = userEvent.setup();
    const cancel = vi.spyOn(ordersApi, 'cancel').mockResolvedValue(anOrder({ status: 'cancelled' }));
    show({ late: true, paid: true, actions: ['cancel'] });
    await user.click(screen.getByRole('button', { name: 'Cancel with full refund' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('refunds the full ₹6,999 you paid');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'No delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel with full refund' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(anOrder()._id, 'No delivery'));
  });

  it("reads 'Completed · awaiting payment' while approved work is unpaid, and 'Completed' once paid", () => {
    show({ status: 'completed', paid: false, actions: [] }, 'editor');
    expect(screen.getByText('Completed · awaiting payment')).toBeTruthy();
    expect(screen.queryByText('Completed', { exact: true })).toBeNull();
    cleanup();
    show({ status: 'completed', paid: true, actions: [] }, 'editor');
    expect(screen.getByText('Completed', { exact: true })).toBeTruthy();
    expect(screen.queryByText('Completed · awaiting payment')).toBeNull();
  });
});
