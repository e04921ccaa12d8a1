import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderMoney } from '@cutroom/contracts';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts/orders';
import { ApiError } from '../../../lib/api';
import { anOrder } from '../../../testing/order-fixtures';
import {
  aPendingSettlement as pending,
  settlementMoney as money,
} from '../../../testing/settlement-fixtures';
import { paymentsApi } from '../../payments';
import { ordersApi } from '../api/orders-api';
import type { OrderSide } from './order-actions';
import { OrderCard } from './order-card';

function card(order: Order, side: OrderSide) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = (o: Order) => (
    <QueryClientProvider client={client}>
      <OrderCard order={o} side={side} closed={false} onDeliver={() => {}} />
    </QueryClientProvider>
  );
  const { rerender } = render(view(order));
  return { rerender: (o: Order) => rerender(view(o)) };
}

describe('accepting a different amount asks first', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const editorAnswers = () => pending('creator', ['accept_settlement', 'decline_settlement']);

  async function openConfirm(order = editorAnswers(), side: OrderSide = 'editor') {
    const user = userEvent.setup();
    const view = card(order, side);
    await user.click(screen.getByRole('button', { name: 'Accept and complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept and complete?' });
    return {
      user,
      dialog,
      view,
      confirm: within(dialog).getByRole('button', { name: 'Accept and complete' }),
    };
  }

  it('shows what the order completes at and what goes back, in the server’s figures, before anything moves', async () => {
    let release!: (m: OrderMoney) => void;
    const read = vi
      .spyOn(paymentsApi, 'orderMoney')
      .mockReturnValue(new Promise<OrderMoney>((resolve) => (release = resolve)));
    const accept = vi.spyOn(ordersApi, 'acceptSettlement');
    const { dialog, confirm } = await openConfirm();
    expect(dialog.textContent).toContain(
      'Order CR-10482 completes at ₹4,000 of the ₹6,999 paid: ₹2,999 goes back to the creator and the final file is released to them. This cannot be undone.',
    );
    // Accept waits for the figures.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    release(money);
    const summary = await within(dialog).findByTestId('money-summary');
    expect(read).toHaveBeenCalledWith(anOrder()._id, undefined);
    const rows = [...summary.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'The creator paid ₹6,999',
      'Back to the creator ₹2,999',
      'The order completes at ₹4,000',
    ]);
    expect(within(dialog).getByTestId('settlement-split').textContent).toBe(
      'Your share and the platform commission (20%) follow the ₹4,000 that stays.',
    );
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    expect(accept).not.toHaveBeenCalled();
  });

  it('the creator reads the refund as theirs, with an earlier refund counted', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue({ ...money, refunded: 999, refundable: 6000 });
    const order = pending('editor', ['accept_settlement', 'decline_settlement'], { refundedAmount: 999 });
    const { dialog } = await openConfirm(order, 'creator');
    const summary = await within(dialog).findByTestId('money-summary');
    expect(summary.textContent).toBe(
      'You paid₹6,999Refunded so far−₹999Back to you₹2,000The order completes at₹4,000',
    );
    expect(dialog.textContent).toContain('₹2,000 comes back to you and the final file is released to you.');
  });

  it('its own button completes the order, and the dialog closes', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    const accept = vi
      .spyOn(ordersApi, 'acceptSettlement')
      .mockResolvedValue(anOrder({ status: 'completed', paid: true, actions: [] }));
    const { user, confirm } = await openConfirm();
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(accept).toHaveBeenCalledWith(anOrder()._id));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Go back moves nothing', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    const accept = vi.spyOn(ordersApi, 'acceptSettlement');
    const { user, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(accept).not.toHaveBeenCalled();
  });

  it('says a refusal in the dialog, which stays', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    vi.spyOn(ordersApi, 'acceptSettlement').mockRejectedValue(new ApiError(409, ORDER_MESSAGES.noSettlement));
    const { user, dialog, confirm } = await openConfirm();
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(ORDER_MESSAGES.noSettlement);
    expect(screen.getByRole('dialog', { name: 'Accept and complete?' })).toBe(dialog);
  });

  it('will not accept an amount no longer below what remains paid (a refund came meanwhile)', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue({ ...money, refunded: 3000, refundable: 3999 });
    const { dialog, confirm } = await openConfirm();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      ORDER_MESSAGES.settlementTooLarge('₹3,999'),
    );
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes when the proposal is withdrawn meanwhile, and does not come back by itself', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    const { view } = await openConfirm();
    view.rerender(pending('creator', ['propose_settlement'], { settlement: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A new proposal later shows on the card; the confirmation waits for a tap.
    view.rerender(editorAnswers());
    expect(screen.getByTestId('order-settlement')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
