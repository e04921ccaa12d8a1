import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@cutroom/contracts/orders';
import { REVIEW_MESSAGES } from '@cutroom/contracts/reviews';
import { reviewsApi } from '../../reviews';
import { OrderCard } from './order-card';
import type { OrderSide } from './order-actions';
import { OrdersListCards } from './orders-list-layout';
import { anOrder } from '../../../testing/order-fixtures';

const completed: Partial<Order> = {
  status: 'completed',
  statusLabel: 'Completed',
  paid: true,
  completedAt: '2026-11-23T10:00:00.000Z',
  review: null,
  reviewableUntil: '2026-12-23T10:00:00.000Z',
};

function show(over: Partial<Order>, side: OrderSide = 'creator') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <OrderCard order={anOrder({ ...completed, ...over })} side={side} closed={false} />
    </QueryClientProvider>,
  );
}

const leaveButton = () => screen.queryByRole('button', { name: /^Leave a review/ });

describe('an order card and its review', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("offers the creator 'Leave a review' while the window is open, with its closing day", () => {
    show({});
    expect(leaveButton()?.textContent).toContain('Leave a review');
    expect(screen.getByTestId('order-card').textContent).toContain('You can review until 23 Dec 2026');
  });

  it('offers nothing when the order cannot be reviewed, nor to the editor', () => {
    show({ reviewableUntil: null });
    expect(leaveButton()).toBeNull();
    cleanup();
    show({ reviewableUntil: undefined, review: undefined });
    expect(leaveButton()).toBeNull();
    cleanup();
    // The server never gives the editor a window; the card would not offer one anyway.
    show({}, 'editor');
    expect(leaveButton()).toBeNull();
    expect(screen.queryByTestId('order-review')).toBeNull();
  });

  it("shows the creator's stars once reviewed, and says when an admin hid the review", () => {
    show({ reviewableUntil: null, review: { _id: 'rv1', rating: 4, hidden: false } });
    const line = screen.getByTestId('order-review');
    expect(line.textContent).toContain('Your review:');
    expect(line.textContent).toContain('4 out of 5 stars');
    expect(line.textContent).not.toContain('hidden by an admin');
    expect(leaveButton()).toBeNull();
    cleanup();
    show({ reviewableUntil: null, review: { _id: 'rv1', rating: 2, hidden: true } });
    expect(screen.getByTestId('order-review').textContent).toContain('(hidden by an admin)');
  });

  it("tells the editor the rating received: 'Rated 4 ★'", () => {
    show({ reviewableUntil: null, review: { _id: 'rv1', rating: 4, hidden: true } }, 'editor');
    const line = screen.getByTestId('order-review');
    expect(line.textContent).toMatch(/^Rated 4/);
    expect(line.textContent).toContain('(hidden by an admin)');
  });

  it('opens the review dialog and returns the focus to the button on Cancel', async () => {
    show({});
    await userEvent.click(leaveButton()!);
    const dialog = screen.getByRole('dialog', { name: 'Review your order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(leaveButton()));
  });

  it('shows the stars given at once after sending, with the focus on them', async () => {
    const create = vi.spyOn(reviewsApi, 'create').mockResolvedValue({
      message: REVIEW_MESSAGES.created,
      data: {
        _id: 'rv1',
        rating: 5,
        communication: null,
        quality: null,
        onTime: null,
        text: '',
        reply: null,
        repliedAt: null,
        createdAt: '2026-11-24T10:00:00.000Z',
        author: 'creator-1',
        orderTitle: 'Wedding teaser',
      },
    });
    // The lists are fetched again after the review; they may answer with the old order for a moment.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 500 }));
    show({});
    await userEvent.click(leaveButton()!);
    const overall = screen.getByRole('group', { name: /Overall rating/ });
    await userEvent.click(within(overall).getByRole('radio', { name: '5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(create).toHaveBeenCalledWith(anOrder()._id, { rating: 5, text: '' });
    const line = screen.getByTestId('order-review');
    expect(line.textContent).toContain('5 out of 5 stars');
    expect(leaveButton()).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(line));
  });

  it('offers the review on the /profile/orders cards too', () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OrdersListCards
            orders={[
              anOrder(completed),
              anOrder({
                ...completed,
                _id: 'o2',
                reference: 'CR-10483',
                reviewableUntil: null,
                review: { _id: 'rv2', rating: 3, hidden: false },
              }),
            ]}
            viewer="creator"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: 'Leave a review for CR-10482' })).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: /Leave a review/ })).toBeNull();
    expect(within(second!).getByTestId('order-review').textContent).toContain('3 out of 5 stars');
  });
});
