import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import type { Order, OrderAction } from '@cutroom/contracts/orders';
import type { User } from '@cutroom/contracts/roles';
import { anOrder } from '../../../testing/order-fixtures';
import { ordersApi } from '../api/orders-api';
import { formatOrderDate } from '../utils/format';
import type { OrderSide } from './order-actions';
import { OrderCard } from './order-card';
import { OrderPanel } from './order-panel';

const extension: NonNullable<Order['extension']> = {
  days: 2,
  reason: 'The footage arrived late',
  requestedAt: '2030-01-05T10:00:00.000Z',
  respondBy: '2030-01-07T10:00:00.000Z',
};
const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function card(over: Partial<Order>, side: OrderSide) {
  render(
    <QueryClientProvider client={client()}>
      <OrderCard order={anOrder(over)} side={side} closed={false} onDeliver={() => {}} />
    </QueryClientProvider>,
  );
}

const buttons = () =>
  within(screen.getByRole('group', { name: 'Actions for order CR-10482' }))
    .getAllByRole('button')
    .map((b) => b.textContent?.trim());

describe('a request for more time on the order card', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const cases: [string, OrderSide, OrderAction[], Partial<Order>, string[]][] = [
    [
      'the editor of an order in progress may ask',
      'editor',
      ['deliver', 'request_extension', 'request_cancellation'],
      {},
      ['Deliver', 'Ask for more time', 'Propose cancellation'],
    ],
    [
      'the creator answers a pending request',
      'creator',
      ['accept_extension', 'decline_extension', 'request_cancellation'],
      { extension },
      ['Accept new due date', 'Keep the due date', 'Propose cancellation'],
    ],
    [
      'the editor may withdraw it',
      'editor',
      ['deliver', 'withdraw_extension', 'request_cancellation'],
      { extension },
      ['Deliver', 'Withdraw request for more time', 'Propose cancellation'],
    ],
  ];
  it.each(cases)('shows the buttons of its actions: %s', (_name, side, actions, over, expected) => {
    card({ ...over, actions }, side);
    expect(buttons()).toEqual(expected);
  });

  it('tells the creator what is asked, why, the due date it would give and when it lapses', () => {
    card({ extension, actions: ['accept_extension', 'decline_extension'] }, 'creator');
    const notice = screen.getByTestId('order-extension');
    expect(notice.textContent).toContain('The editor asks for 2 more days: The footage arrived late');
    // Due 6 Jan 2030 10:00 UTC, not passed: two days from the due date.
    const newDue = formatOrderDate('2030-01-08T10:00:00.000Z');
    expect(notice.textContent).toContain(`If you accept, it is due ${newDue}.`);
    expect(notice.textContent).toContain(
      `Answer by ${formatOrderDate(extension.respondBy)}, or the due date stays.`,
    );
    // The accept button is described by that line, for a screen reader.
    const accept = screen.getByRole('button', { name: 'Accept new due date' });
    expect(accept.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(accept.getAttribute('aria-describedby')!)?.textContent).toContain(newDue);
  });

  it('counts a late order’s new due date from now, as the server does', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-10T08:30:00.000Z'));
    card({ extension: { ...extension, days: 1 }, late: true, actions: ['accept_extension'] }, 'creator');
    const notice = screen.getByTestId('order-extension');
    expect(notice.textContent).toContain('The editor asks for 1 more day:');
    expect(notice.textContent).toContain(`it is due ${formatOrderDate('2030-01-11T08:30:00.000Z')}.`);
  });

  it('tells the editor their request waits and when it lapses, without the creator’s choices', () => {
    card({ extension, actions: ['deliver', 'withdraw_extension'] }, 'editor');
    const notice = screen.getByTestId('order-extension');
    expect(notice.textContent).toContain('The editor asks for 2 more days: The footage arrived late');
    expect(notice.textContent).toContain(
      `If the creator does not answer by ${formatOrderDate(extension.respondBy)}, the due date stays.`,
    );
    expect(notice.textContent).not.toContain('If you accept');
  });

  it('shows nothing of a request when there is none', () => {
    card({ actions: ['deliver', 'request_extension'] }, 'editor');
    expect(screen.queryByTestId('order-extension')).toBeNull();
  });

  it.each([
    ['creator', 'Keep the due date', 'declineExtension'],
    ['editor', 'Withdraw request for more time', 'withdrawExtension'],
  ] as const)('the %s’s “%s” answers at once', async (side, label, call) => {
    const user = userEvent.setup();
    const answered = vi.spyOn(ordersApi, call).mockResolvedValue(anOrder({ actions: [] }));
    const actions: OrderAction[] = side === 'creator' ? ['decline_extension'] : ['withdraw_extension'];
    card({ extension, actions }, side);
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(answered).toHaveBeenCalledWith(anOrder()._id));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a request for more time in the chat’s orders panel', () => {
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
    render(
      <QueryClientProvider client={client()}>
        <OrderPanel room={room} me={me} socket={null} DeliveryForm={() => null} />
      </QueryClientProvider>,
    );
  }
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('draws the creator’s attention to a request waiting for their answer, not the editor’s', async () => {
    const late = anOrder({
      late: true,
      extension,
      actions: ['accept_extension', 'decline_extension', 'cancel'],
    });
    panel(creator, () => [late]);
    const toggle = await screen.findByRole('button', { name: /Orders \(1\)/ });
    expect(toggle.textContent).toMatch(/1\s+needs you/);
    cleanup();
    vi.restoreAllMocks();
    panel(editor, () => [anOrder({ extension, actions: ['withdraw_extension'] })]);
    const quiet = await screen.findByRole('button', { name: /Orders \(1\)/ });
    expect(quiet.textContent).not.toContain('needs you');
  });

  it('accepting shows the new due date and the order no longer late', async () => {
    const user = userEvent.setup();
    const before = anOrder({
      dueAt: '2030-01-06T10:00:00.000Z',
      late: true,
      extension,
      actions: ['accept_extension', 'decline_extension', 'cancel'],
    });
    const after = anOrder({
      dueAt: '2030-01-12T09:00:00.000Z',
      late: false,
      actions: ['request_cancellation'],
    });
    let current = before;
    panel(creator, () => [current]);
    const orderCard = await screen.findByRole('article', { name: 'Wedding teaser' });
    expect(within(orderCard).getByText(/· Late/)).toBeTruthy();
    const accept = vi.spyOn(ordersApi, 'acceptExtension').mockImplementation(async () => {
      current = after;
      return after;
    });
    await user.click(within(orderCard).getByRole('button', { name: 'Accept new due date' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith(before._id));
    const terms = within(screen.getByRole('article', { name: 'Wedding teaser' })).getByText(
      'Due',
    ).parentElement!;
    await waitFor(() => expect(terms.textContent).toBe(`Due${formatOrderDate(after.dueAt!)}`));
    expect(screen.queryByText(/Late/)).toBeNull();
    expect(screen.queryByTestId('order-extension')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept new due date' })).toBeNull();
  });
});
