import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tier } from '@cutroom/contracts/portfolio';
import { paymentsApi } from '../../payments';
import { PaymentModal } from './payment-modal';

type TierOnSale = Pick<Tier, 'title' | 'features' | 'pricing' | 'deliveryDays' | 'revisions'>;

const BASIC: TierOnSale = {
  title: 'basic',
  features: [],
  pricing: [{ reelCount: 1, priceMin: 1499 }],
  deliveryDays: 3,
  revisions: 1,
};

function show(tier: TierOnSale) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentModal
        open
        onOpenChange={() => {}}
        editorName="Asha Edits"
        target={{ kind: 'tier', editorId: 'e1', tier }}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Complete your payment' });
}

describe('payment modal, Pay Now on a tier', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('states what the tier buys: plan, features, the revisions and delivery time it states, and price', () => {
    const dialog = show({
      title: 'intermediate',
      // Features that once decided the terms ('Express' halved the days): the stated terms decide now.
      features: ['Up to 2 revisions', 'Express delivery', 'Stylized subtitles'],
      pricing: [{ reelCount: 1, priceMin: 2999 }],
      deliveryDays: 6,
      revisions: 3,
    });
    expect(within(dialog).getByTestId('payment-plan').textContent).toBe('Intermediate');
    expect(within(dialog).getByTestId('payment-amount').textContent).toBe('₹2,999');
    expect(dialog.textContent).toContain('6 days');
    expect(dialog.textContent).toContain('3 revisions');
    expect(within(dialog).getByRole('list', { name: 'Included in this plan' }).textContent).toContain(
      'Stylized subtitles',
    );
    expect(within(dialog).queryByTestId('payment-starting-price')).toBeNull();
  });

  it('says when the price is only where a range starts', () => {
    const dialog = show({
      title: 'pro',
      features: [],
      pricing: [{ reelCount: 1, priceMin: 4999, priceMax: 9999 }],
      deliveryDays: 7,
      revisions: 1,
    });
    expect(within(dialog).getByTestId('payment-starting-price').textContent).toBe(
      'This is the starting price of the tier; a custom offer from the editor can cover more.',
    );
    expect(dialog.textContent).toContain('1 revision');
    expect(dialog.textContent).toContain('7 days');
  });

  it('keeps the phone rule and pays the tier', async () => {
    const user = userEvent.setup();
    const create = vi.spyOn(paymentsApi, 'create').mockResolvedValue({} as never);
    const dialog = show(BASIC);
    await user.type(within(dialog).getByLabelText('Phone number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,499' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please enter a valid 10-digit phone number',
    );
    expect(create).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Phone number'), '67890');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,499' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('e1', 'basic', { phone: '1234567890', creatorNote: '' }),
    );
  });

  it('takes the number as people write it, +91 and spaces included, and sends its 10 digits', async () => {
    const user = userEvent.setup();
    const create = vi.spyOn(paymentsApi, 'create').mockResolvedValue({} as never);
    const dialog = show(BASIC);
    const field = within(dialog).getByLabelText('Phone number');
    await user.type(field, '+91 98765 43210');
    // Nothing typed is cut off.
    expect((field as HTMLInputElement).value).toBe('+91 98765 43210');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,499' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('e1', 'basic', { phone: '9876543210', creatorNote: '' }),
    );
  });

  it('says "Test payments" while the simulator is the gateway, and not with Cashfree', async () => {
    vi.spyOn(paymentsApi, 'gateway').mockResolvedValue({ provider: 'simulator', mode: 'sandbox' });
    const dialog = show(BASIC);
    expect((await within(dialog).findByTestId('test-payments-banner')).textContent).toContain(
      'Test payments',
    );
    cleanup();
    vi.spyOn(paymentsApi, 'gateway').mockResolvedValue({ provider: 'cashfree', mode: 'production' });
    const real = show(BASIC);
    await waitFor(() => expect(paymentsApi.gateway).toHaveBeenCalled());
    expect(within(real).queryByTestId('test-payments-banner')).toBeNull();
  });
});
