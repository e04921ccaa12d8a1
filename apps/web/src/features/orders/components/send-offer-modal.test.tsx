import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersApi } from '../api/orders-api';
import { SendOfferModal, type OfferPrefill } from './send-offer-modal';
import { anOrder } from '../../../testing/order-fixtures';

function show(prefill?: OfferPrefill) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SendOfferModal open onOpenChange={onOpenChange} roomId="r1" prefill={prefill} />
    </QueryClientProvider>,
  );
  return { onOpenChange, submit: () => screen.getByRole('button', { name: 'Send offer' }) };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('send offer', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says what is missing or out of range, and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(ordersApi, 'sendOffer');
    const { submit } = show();
    await user.type(screen.getByLabelText('Title'), 'ab');
    await user.type(screen.getByLabelText('Price (₹)'), '50');
    await user.type(screen.getByLabelText('Delivery (days)'), '120');
    await user.clear(screen.getByLabelText('Revisions'));
    await user.type(screen.getByLabelText('Revisions'), '11');
    await user.click(submit());
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Title must be at least 3 characters',
        'Price must be at least 100',
        'Delivery time must be at most 90',
        'Revisions must be at most 10',
      ]),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses contact details in the description, like the chat', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(ordersApi, 'sendOffer');
    const { submit } = show();
    await user.type(screen.getByLabelText('Title'), 'Wedding teaser');
    await user.type(screen.getByLabelText('Description (optional)'), 'Call me on 98765 43210');
    await user.type(screen.getByLabelText('Price (₹)'), '6999');
    await user.type(screen.getByLabelText('Delivery (days)'), '5');
    await user.click(submit());
    await waitFor(() =>
      expect(alerts()).toContain(
        'You are not allowed to share personal contact details like email or phone.',
      ),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('starts from an offer request and sends whole numbers and the tier', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(ordersApi, 'sendOffer').mockResolvedValue(anOrder({ status: 'offered' }));
    const { submit, onOpenChange } = show({ description: 'A 30 s reel from my vlog', tier: 'pro' });
    expect((screen.getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe(
      'A 30 s reel from my vlog',
    );
    expect((screen.getByLabelText('Tier (optional)') as HTMLSelectElement).value).toBe('pro');
    await user.type(screen.getByLabelText('Title'), 'Vlog reel');
    await user.type(screen.getByLabelText('Price (₹)'), '2499');
    await user.type(screen.getByLabelText('Delivery (days)'), '3');
    await user.click(submit());
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('r1', {
        title: 'Vlog reel',
        description: 'A 30 s reel from my vlog',
        amount: 2499,
        deliveryDays: 3,
        revisions: 1,
        tier: 'pro',
      }),
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('sends no tier when none is chosen', async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(ordersApi, 'sendOffer').mockResolvedValue(anOrder({ status: 'offered' }));
    const { submit } = show();
    await user.type(screen.getByLabelText('Title'), 'Vlog reel');
    await user.type(screen.getByLabelText('Price (₹)'), '2499');
    await user.type(screen.getByLabelText('Delivery (days)'), '3');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('r1', expect.objectContaining({ tier: null })));
  });
});
