import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE } from '@cutroom/contracts/contact-details';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts/orders';
import { ApiError } from '../../../lib/api';
import { anOrder } from '../../../testing/order-fixtures';
import { ordersApi } from '../api/orders-api';
import type { OrderSide } from './order-actions';
import { OrderCard } from './order-card';

// Paid ₹6,999, delivered, changes requested: either side may propose completing it for less.
const paidDelivered = (over: Partial<Order> = {}) =>
  anOrder({
    status: 'changes_requested',
    paid: true,
    paidAt: '2030-01-02T10:00:00.000Z',
    actions: ['propose_settlement', 'request_cancellation'],
    ...over,
  });

function show(order: Order, side: OrderSide) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <OrderCard order={order} side={side} closed={false} onDeliver={() => {}} />
    </QueryClientProvider>,
  );
}

async function open(side: OrderSide = 'creator', order = paidDelivered()) {
  const user = userEvent.setup();
  show(order, side);
  await user.click(screen.getByRole('button', { name: 'Settle for a different amount' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle for a different amount' });
  const other = side === 'creator' ? 'editor' : 'creator';
  return {
    user,
    dialog,
    amount: within(dialog).getByLabelText('Complete at (₹)') as HTMLInputElement,
    reason: within(dialog).getByLabelText(`Reason for the ${other} (optional)`) as HTMLTextAreaElement,
    send: within(dialog).getByRole('button', { name: 'Propose this amount' }),
  };
}

/** The field's own error line: the alert in the block of the control's label. */
const fieldError = (control: HTMLElement) =>
  within(document.querySelector<HTMLElement>(`label[for="${control.id}"]`)!.parentElement!).queryByRole(
    'alert',
  )?.textContent;

const proposed = (by: OrderSide) =>
  paidDelivered({
    settlement: {
      proposedBy: by,
      amount: 4000,
      reason: '',
      proposedAt: '2030-01-05T10:00:00.000Z',
      respondBy: '2030-01-07T10:00:00.000Z',
    },
    actions: ['withdraw_settlement'],
  });

describe('proposing to complete an order for a different amount', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says what was paid beside the amount, and that nothing changes without an answer', async () => {
    const { dialog, amount } = await open();
    const block = document.querySelector<HTMLElement>(`label[for="${amount.id}"]`)!.parentElement!;
    expect(within(block).getByTestId('settlement-paid').textContent).toBe('of ₹6,999 paid');
    expect(block.textContent).toContain('Whole rupees, from ₹1 to less than ₹6,999');
    expect(dialog.textContent).toContain('Propose completing CR-10482 for less than the ₹6,999 paid.');
    expect(dialog.textContent).toContain('Without an answer within 48 hours, nothing changes.');
  });

  it('counts what was paid after refunds', async () => {
    const { amount } = await open('editor', paidDelivered({ refundedAmount: 999.5 }));
    const block = document.querySelector<HTMLElement>(`label[for="${amount.id}"]`)!.parentElement!;
    expect(within(block).getByTestId('settlement-paid').textContent).toBe(
      'of ₹5,999.50 paid (after refunds)',
    );
  });

  it('shows live what goes back to the creator, only for an amount that can be proposed', async () => {
    const { user, dialog, amount } = await open('editor');
    expect(within(dialog).queryByTestId('settlement-refund')).toBeNull();
    await user.type(amount, '4000');
    expect(within(dialog).getByTestId('settlement-refund').textContent).toBe(
      '₹2,999 goes back to the creator if the creator accepts.',
    );
    await user.clear(amount);
    await user.type(amount, '6999'); // all that was paid: nothing to settle
    expect(within(dialog).queryByTestId('settlement-refund')).toBeNull();
    await user.clear(amount);
    await user.type(amount, '6998');
    expect(within(dialog).getByTestId('settlement-refund').textContent).toBe(
      '₹1 goes back to the creator if the creator accepts.',
    );
  });

  it('tells the creator the money comes back to them', async () => {
    const { user, dialog, amount } = await open('creator');
    await user.type(amount, '4000');
    expect(within(dialog).getByTestId('settlement-refund').textContent).toBe(
      '₹2,999 goes back to you if the editor accepts.',
    );
  });

  it('checks the amount beside it with the contracts’ rules and the paid bound, and sends nothing', async () => {
    const propose = vi.spyOn(ordersApi, 'proposeSettlement');
    const { user, amount, reason, send } = await open();
    await user.click(send);
    expect(fieldError(amount)).toBe('Amount must be at least 1');
    expect(fieldError(reason)).toBeUndefined();

    await user.type(amount, '6999');
    await user.click(send);
    expect(fieldError(amount)).toBe(ORDER_MESSAGES.settlementTooLarge('₹6,999'));

    await user.clear(amount);
    await user.type(amount, '2500.5');
    await user.click(send);
    expect(fieldError(amount)).toBe('Amount must be a whole number');

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(send);
    expect(fieldError(amount)).toBe('Amount must be at least 1');
    expect(propose).not.toHaveBeenCalled();
  });

  it('sends the amount and the trimmed reason, then closes', async () => {
    const propose = vi.spyOn(ordersApi, 'proposeSettlement').mockResolvedValue(proposed('creator'));
    const { user, amount, reason, send } = await open();
    await user.type(amount, '4000');
    await user.type(reason, '  Only the first half is usable  ');
    await user.click(send);
    await waitFor(() =>
      expect(propose).toHaveBeenCalledWith(paidDelivered()._id, {
        amount: 4000,
        reason: 'Only the first half is usable',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends without a reason, which is optional', async () => {
    const propose = vi.spyOn(ordersApi, 'proposeSettlement').mockResolvedValue(proposed('editor'));
    const { user, amount, send } = await open('editor');
    await user.type(amount, '1');
    await user.click(send);
    await waitFor(() => expect(propose).toHaveBeenCalledWith(paidDelivered()._id, { amount: 1, reason: '' }));
  });

  it('keeps the dialog and everything typed when the server refuses, and says why in it', async () => {
    const refusal = ORDER_MESSAGES.settlementTooLarge('₹3,500');
    const propose = vi
      .spyOn(ordersApi, 'proposeSettlement')
      .mockRejectedValueOnce(new ApiError(409, refusal))
      .mockResolvedValueOnce(proposed('creator'));
    const { user, dialog, amount, reason, send } = await open();
    await user.type(amount, '4000');
    await user.type(reason, 'Only the first half is usable');
    await user.click(send);
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog', { name: 'Settle for a different amount' })).toBe(dialog);
    expect(amount.value).toBe('4000');
    expect(reason.value).toBe('Only the first half is usable');
    expect(amount.disabled).toBe(false);

    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(send);
    await waitFor(() => expect(propose).toHaveBeenCalledTimes(2));
    expect(propose).toHaveBeenLastCalledWith(paidDelivered()._id, {
      amount: 3000,
      reason: 'Only the first half is usable',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens blank again, without the last refusal, after being closed', async () => {
    vi.spyOn(ordersApi, 'proposeSettlement').mockRejectedValue(new ApiError(409, 'Refused'));
    const { user, dialog, amount, reason, send } = await open();
    await user.type(amount, '4000');
    await user.type(reason, 'Only the first half');
    await user.click(send);
    await within(dialog).findByTestId('form-error');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Settle for a different amount' }));
    const again = screen.getByRole('dialog', { name: 'Settle for a different amount' });
    expect((within(again).getByLabelText('Complete at (₹)') as HTMLInputElement).value).toBe('');
    expect(
      (within(again).getByLabelText('Reason for the editor (optional)') as HTMLTextAreaElement).value,
    ).toBe('');
    expect(within(again).queryByTestId('form-error')).toBeNull();
  });

  it('refuses contact details in the reason, as the chat does, and sends nothing', async () => {
    const propose = vi.spyOn(ordersApi, 'proposeSettlement');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 400 }));
    const { user, amount, reason, send } = await open('editor');
    await user.type(amount, '4000');
    await user.type(reason, 'Mail me at asha@example.com');
    await user.click(send);
    expect(fieldError(reason)).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    expect(amount.value).toBe('4000');
    expect(propose).not.toHaveBeenCalled();
    // (The card's other reads, such as its files, may come first: the record is found among the calls.)
    const refusalCall = () => fetchSpy.mock.calls.find(([u]) => /\/api\/contact-refusals$/.test(String(u)));
    await waitFor(() => expect(refusalCall()).toBeDefined());
    const [url, init] = refusalCall() as [string, RequestInit];
    expect(url).toMatch(/\/api\/contact-refusals$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      place: 'settlement_reason',
      orderId: paidDelivered()._id,
    });
  });
});
