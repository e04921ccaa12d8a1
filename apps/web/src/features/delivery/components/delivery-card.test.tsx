import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { Order, OrderListReply } from '@cutroom/contracts/orders';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api';
import { ordersApi, orderKeys } from '../../orders';
import { anOrder } from '../../../testing/order-fixtures';
import { paymentsApi } from '../../payments';
import { DeliveryCard, type DeliverySide } from './delivery-card';

const base: Delivery = {
  _id: 'd1',
  roomId: 'r1',
  number: 3,
  tier: 'pro',
  order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser', status: 'delivered' },
  kind: 'video',
  sizeBytes: 1000,
  note: 'Second pass',
  status: 'sent',
  changesNote: null,
  preview: {
    status: 'ready',
    error: null,
    url: '/api/deliveries/d1/preview?t=x',
    posterUrl: '/api/deliveries/d1/poster?t=x',
  },
  amount: 4999,
  paid: false,
  paidAt: null,
  canDownload: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  decidedAt: null,
};

/** The card, with the room's orders already known (as the order panel would have fetched them). */
function show(delivery: Partial<Delivery>, side: DeliverySide, closed = false, orders: Order[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<OrderListReply>(orderKeys.room('r1'), { data: orders });
  render(
    <QueryClientProvider client={client}>
      <DeliveryCard
        delivery={{ ...base, ...delivery }}
        side={side}
        roomId="r1"
        editorName="Asha Edits"
        closed={closed}
      />
    </QueryClientProvider>,
  );
}
const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });

describe('delivery card', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the preview is being made', () => {
    show({ preview: { status: 'processing', error: null, url: null, posterUrl: null } }, 'creator');
    expect(screen.getByRole('status').textContent).toContain('Processing preview…');
    expect(button('Approve')).toBeNull();
  });

  it('plays the watermarked preview with its poster, and lets the creator decide', () => {
    show({}, 'creator');
    const video = screen.getByTestId('delivery-preview-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/deliveries/d1/preview?t=x');
    expect(video.getAttribute('poster')).toBe('/api/deliveries/d1/poster?t=x');
    expect(video.controls).toBe(true);
    expect(button('Request changes')).not.toBeNull();
    expect(button('Approve')).not.toBeNull();
    expect(screen.queryByText('Ready for your review')).not.toBeNull();
  });

  it('shows an image preview with alt text', () => {
    show({ kind: 'image', preview: { ...base.preview, posterUrl: null } }, 'editor');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Watermarked preview of delivery 3');
  });

  it('gives the editor no decision, and the creator none in a frozen room', () => {
    show({}, 'editor');
    expect(button('Approve')).toBeNull();
    expect(screen.queryByText('Waiting for review')).not.toBeNull();
    cleanup();
    show({}, 'creator', true);
    expect(button('Approve')).toBeNull();
  });

  it('shows a failed preview with its reason, and Retry only to the editor', () => {
    const failed = {
      status: 'failed' as const,
      error: 'ffmpeg is not installed',
      url: null,
      posterUrl: null,
    };
    show({ preview: failed }, 'editor');
    expect(screen.getByRole('alert').textContent).toContain('ffmpeg is not installed');
    expect(button('Retry')).not.toBeNull();
    cleanup();
    show({ preview: failed }, 'creator');
    expect(button('Retry')).toBeNull();
    expect(button('Approve')).toBeNull();
  });

  it('asks the creator to pay an approved delivery, then offers the final file once paid', () => {
    show({ status: 'approved' }, 'creator');
    expect(screen.queryByText('Approved, waiting for payment')).not.toBeNull();
    expect(button('Pay to unlock the final file')?.textContent).toContain('₹4,999');
    expect(button('Download final video')).toBeNull();
    cleanup();
    show({ status: 'approved', paid: true, canDownload: true }, 'creator');
    expect(button('Download final video')).not.toBeNull();
    expect(button('Pay to unlock')).toBeNull();
    cleanup();
    // The editor sees it paid but never gets the download from here.
    show({ status: 'approved', paid: true, canDownload: false }, 'editor');
    expect(screen.queryByText('Paid')).not.toBeNull();
    expect(button('Download final')).toBeNull();
  });

  it('shows what the creator asked to change', () => {
    show({ status: 'changes_requested', changesNote: 'Trim the intro' }, 'editor');
    expect(screen.queryByText('Trim the intro')).not.toBeNull();
    expect(screen.getAllByText(/Changes requested/).length).toBeGreaterThan(0);
  });

  it('names the order it belongs to, and a custom offer without a tier', () => {
    show({ tier: null }, 'creator');
    expect(screen.getByTestId('delivery-order').textContent).toBe('For CR-10482 Wedding teaser');
    expect(screen.queryByText('Custom')).not.toBeNull();
  });

  it("pays the delivery's order, never a tier", async () => {
    const user = userEvent.setup();
    const tierPayment = vi.spyOn(paymentsApi, 'create');
    const order = anOrder({ _id: 'o1', status: 'completed', actions: ['pay'], amount: 4999, tier: 'pro' });
    show({ status: 'approved' }, 'creator', false, [order]);
    await user.click(button('Pay to unlock the final file')!);
    const dialog = await screen.findByRole('dialog', { name: 'Complete your payment' });
    expect(dialog.querySelector('[data-testid="payment-order"]')?.textContent).toBe(
      'CR-10482 Wedding teaser',
    );
    expect(dialog.querySelector('[data-testid="payment-amount"]')?.textContent).toBe('₹4,999');
    expect(tierPayment).not.toHaveBeenCalled();
  });

  it('sends the payment to the order, and shows the server refusing a paid order', async () => {
    const user = userEvent.setup();
    const refused = vi.spyOn(toast, 'error');
    const pay = vi.spyOn(ordersApi, 'pay').mockRejectedValue(new ApiError(409, 'This order is already paid'));
    const order = anOrder({ _id: 'o1', status: 'completed', actions: ['pay'], amount: 4999 });
    show({ status: 'approved' }, 'creator', false, [order]);
    await user.click(button('Pay to unlock the final file')!);
    const dialog = await screen.findByRole('dialog', { name: 'Complete your payment' });
    await user.type(dialog.querySelector('input[type="tel"]')!, '9876543210');
    await user.click(screen.getByRole('button', { name: /^Pay ₹4,999/ }));
    await waitFor(() => expect(pay).toHaveBeenCalledWith('o1', { phone: '9876543210', creatorNote: '' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith('This order is already paid'));
    // Nothing is left to pay: the modal closes and the order lists are fetched again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides the pay button while the order may not be paid (a cancellation waits for an answer)', () => {
    const order = anOrder({ _id: 'o1', status: 'completed', actions: ['withdraw_cancellation'] });
    show({ status: 'approved' }, 'creator', false, [order]);
    expect(button('Pay to unlock')).toBeNull();
  });

  it('warns before asking for changes when no revisions are left', async () => {
    const user = userEvent.setup();
    const order = anOrder({ _id: 'o1', status: 'delivered', revisionsLeft: 0, actions: ['pay', 'review'] });
    show({}, 'creator', false, [order]);
    await user.click(button('Request changes')!);
    expect(screen.getByRole('alert').textContent).toContain('No revisions are left on this order.');
  });
});
