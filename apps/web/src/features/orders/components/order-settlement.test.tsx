import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import type { Order, OrderAction } from '@cutroom/contracts/orders';
import type { User } from '@cutroom/contracts/roles';
import { anOrder } from '../../../testing/order-fixtures';
import {
  aPendingSettlement as pending,
  aSettlement as settlement,
  settlementMoney as money,
} from '../../../testing/settlement-fixtures';
import { paymentsApi } from '../../payments';
import { ordersApi } from '../api/orders-api';
import { formatOrderDate } from '../utils/format';
import type { OrderSide } from './order-actions';
import { OrderCard } from './order-card';
import { OrderPanel } from './order-panel';

const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function card(order: Order, side: OrderSide) {
  const view = (o: Order) => (
    <QueryClientProvider client={qc}>
      <OrderCard order={o} side={side} closed={false} onDeliver={() => {}} />
    </QueryClientProvider>
  );
  const qc = client();
  const { rerender } = render(view(order));
  return { rerender: (o: Order) => rerender(view(o)) };
}

const buttons = () =>
  within(screen.getByRole('group', { name: 'Actions for order CR-10482' }))
    .getAllByRole('button')
    .map((b) => b.textContent?.trim());

describe('a proposal of a different amount on the order card', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const cases: [string, OrderSide, OrderAction[], Partial<Order>, string[]][] = [
    [
      'the creator may propose',
      'creator',
      ['propose_settlement', 'request_cancellation'],
      { settlement: null },
      ['Settle for a different amount', 'Propose cancellation'],
    ],
    [
      'the editor may propose',
      'editor',
      ['deliver', 'propose_settlement', 'request_cancellation'],
      { settlement: null },
      ['Deliver', 'Settle for a different amount', 'Propose cancellation'],
    ],
    [
      'the editor answers the creator’s proposal',
      'editor',
      ['deliver', 'accept_settlement', 'decline_settlement', 'request_cancellation'],
      {},
      ['Deliver', 'Accept and complete', 'Decline the amount', 'Propose cancellation'],
    ],
    [
      'the creator may withdraw theirs',
      'creator',
      ['withdraw_settlement', 'request_cancellation'],
      {},
      ['Withdraw the proposal', 'Propose cancellation'],
    ],
  ];
  it.each(cases)('shows the buttons of its actions: %s', (_name, side, actions, over, expected) => {
    card(pending('creator', actions, over), side);
    expect(buttons()).toEqual(expected);
  });

  it('tells the other side what is proposed, why, what accepting does and when it lapses', () => {
    card(pending('creator', ['accept_settlement', 'decline_settlement']), 'editor');
    const notice = screen.getByTestId('order-settlement');
    expect(notice.textContent).toBe(
      'The creator proposes completing at ₹4,000 of ₹6,999 paid: Only the first half is usable' +
        'If you accept, ₹2,999 is refunded to the creator, the order is completed and the final file is released. ' +
        `Answer by ${formatOrderDate('2030-01-07T10:00:00.000Z')}, or nothing changes.`,
    );
    // The accept button is described by what accepting does, for a screen reader.
    const accept = screen.getByRole('button', { name: 'Accept and complete' });
    const described = document.getElementById(accept.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain('₹2,999 is refunded to the creator');
  });

  it('tells the proposer their proposal waits and when it lapses, in their own words', () => {
    card(pending('creator', ['withdraw_settlement']), 'creator');
    const notice = screen.getByTestId('order-settlement');
    expect(notice.textContent).toContain(
      'The creator proposes completing at ₹4,000 of ₹6,999 paid: Only the first half is usable',
    );
    expect(notice.textContent).toContain(
      'If the editor accepts, ₹2,999 is refunded to you, the order is completed and the final file is released.',
    );
    expect(notice.textContent).toContain(
      `If the editor does not answer by ${formatOrderDate('2030-01-07T10:00:00.000Z')}, nothing changes.`,
    );
  });

  it('an editor’s proposal without a reason, after an earlier refund', () => {
    const order = pending('editor', ['accept_settlement', 'decline_settlement'], {
      refundedAmount: 999,
      settlement: { ...settlement('editor', ''), amount: 5000 },
    });
    card(order, 'creator');
    const notice = screen.getByTestId('order-settlement');
    expect(notice.textContent).toContain(
      'The editor proposes completing at ₹5,000 of ₹6,000 paid (after refunds).If you accept, ₹1,000 is refunded to you,',
    );
  });

  it('shows nothing of a proposal when there is none', () => {
    card(pending('creator', ['propose_settlement'], { settlement: null }), 'editor');
    expect(screen.queryByTestId('order-settlement')).toBeNull();
  });

  it.each([
    ['editor', 'Decline the amount', 'declineSettlement', 'decline_settlement'],
    ['creator', 'Withdraw the proposal', 'withdrawSettlement', 'withdraw_settlement'],
  ] as const)('the %s’s “%s” answers at once', async (side, label, call, action) => {
    const user = userEvent.setup();
    const answered = vi.spyOn(ordersApi, call).mockResolvedValue(anOrder({ actions: [] }));
    card(pending('creator', [action]), side);
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(answered).toHaveBeenCalledWith(anOrder()._id));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a proposal in the chat’s orders panel', () => {
  const room: ChatRoom = {
    _id: 'r1',
    creator: { _id: 'c1', username: 'creator-1' },
    editor: { _id: 'e1', username: 'Asha Edits' },
    isFrozen: false,
    isEnded: false,
    status: 'Active',
    lastMessage: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
  const creator: User = { _id: 'c1', role: 'creator', username: 'creator-1', email: 'c@example.com' };
  const editor: User = { _id: 'e1', role: 'editor', username: 'Asha Edits' };

  function panel(me: User, orders: () => Order[]) {
    vi.spyOn(ordersApi, 'mine').mockImplementation(async () => ({ data: orders() }));
    const qc = client();
    render(
      <QueryClientProvider client={qc}>
        <OrderPanel room={room} me={me} socket={null} DeliveryForm={() => null} />
      </QueryClientProvider>,
    );
    return qc;
  }
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('counts the answer as waiting on the side that did not propose, not on the proposer', async () => {
    panel(editor, () => [
      pending('creator', ['accept_settlement', 'decline_settlement', 'request_cancellation']),
    ]);
    const toggle = await screen.findByRole('button', { name: /Orders \(1\)/ });
    expect(toggle.textContent).toMatch(/1\s+needs you/);
    cleanup();
    vi.restoreAllMocks();
    panel(creator, () => [pending('creator', ['withdraw_settlement', 'request_cancellation'])]);
    const quiet = await screen.findByRole('button', { name: /Orders \(1\)/ });
    expect(quiet.textContent).not.toContain('needs you');
  });

  it('accepted, the card shows the order completed and, once made, the refund', async () => {
    const user = userEvent.setup();
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    const before = pending('editor', ['accept_settlement', 'decline_settlement', 'request_cancellation']);
    const after = anOrder({
      status: 'completed',
      statusLabel: 'Completed',
      paid: true,
      paidAt: before.paidAt,
      completedAt: '2030-01-05T11:00:00.000Z',
      reviewableUntil: '2030-02-04T11:00:00.000Z',
      actions: [],
    });
    let current = before;
    const qc = panel(creator, () => [current]);
    const orderCard = await screen.findByRole('article', { name: 'Wedding teaser' });
    const accept = vi.spyOn(ordersApi, 'acceptSettlement').mockImplementation(async () => {
      current = after;
      return after;
    });
    await user.click(within(orderCard).getByRole('button', { name: 'Accept and complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept and complete?' });
    const confirm = within(dialog).getByRole('button', { name: 'Accept and complete' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(accept).toHaveBeenCalledWith(before._id));
    const done = () => screen.getByRole('article', { name: 'Wedding teaser' });
    await waitFor(() => expect(within(done()).getByText('Completed', { exact: true })).toBeTruthy());
    expect(screen.queryByTestId('order-settlement')).toBeNull();
    expect(within(done()).queryByRole('button', { name: 'Accept and complete' })).toBeNull();

    // The refund job runs shortly after (the live update refetches): the payment line says what came back.
    const payment = () => within(done()).getByText('Payment').parentElement!;
    expect(payment().textContent).toBe('PaymentPaid ₹6,999');
    current = { ...after, refundedAmount: 2999 };
    await qc.invalidateQueries();
    await waitFor(() => expect(payment().textContent).toBe('PaymentPaid ₹6,999 · Refunded ₹2,999'));
  });
});
