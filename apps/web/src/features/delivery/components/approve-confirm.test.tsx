import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderMoney } from '@cutroom/contracts';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { OrderListReply } from '@cutroom/contracts/orders';
import { orderKeys } from '../../orders';
import { paymentsApi } from '../../payments';
import { deliveryApi } from '../api/delivery-api';
import { DeliveryCard } from './delivery-card';

const delivery: Delivery = {
  _id: 'd1',
  roomId: 'r1',
  number: 2,
  tier: null,
  order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser', status: 'delivered' },
  kind: 'image',
  sizeBytes: 1000,
  note: 'Final cut',
  status: 'sent',
  changesNote: null,
  preview: { status: 'ready', error: null, url: '/api/deliveries/d1/preview?t=x', posterUrl: null },
  amount: 6999,
  paid: true,
  paidAt: '2026-11-01T10:00:00.000Z',
  canDownload: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
};

// The server's figures: deliberately not 80 % of 6,999, so a sum re-derived in the browser would show.
const money: OrderMoney = {
  orderId: 'o1',
  reference: 'CR-10482',
  amount: 6999,
  paid: true,
  feePercent: 15,
  commission: 1049.85,
  editorShare: 5949.15,
  refunded: 0,
  refundable: 6999,
  editorKeeps: 5949.15,
  platformKeeps: 1049.85,
  refund: null,
};

function show(changes: Partial<Delivery> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<OrderListReply>(orderKeys.room('r1'), { data: [] });
  render(
    <QueryClientProvider client={client}>
      <DeliveryCard
        delivery={{ ...delivery, ...changes }}
        side="creator"
        roomId="r1"
        editorName="Asha Edits"
        closed={false}
      />
    </QueryClientProvider>,
  );
}

describe('approving a delivery asks first and says where the money goes', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('one tap opens the confirmation; nothing is approved until its Approve', async () => {
    const read = vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money);
    const approve = vi.spyOn(deliveryApi, 'approve').mockResolvedValue({ ...delivery, status: 'approved' });
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(approve).not.toHaveBeenCalled();

    const dialog = await screen.findByRole('dialog', { name: 'Approve delivery #2?' });
    expect(dialog.textContent).toContain("Order CR-10482 completes and the editor's share is released");
    const lines = await within(dialog).findByTestId('money-summary');
    expect(read).toHaveBeenCalledWith('o1', undefined);
    expect(lines.textContent).toContain('You paid₹6,999');
    expect(lines.textContent).toContain('To the editor₹5,949.15');
    expect(lines.textContent).toContain('Platform commission (15%)₹1,049.85');

    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approve).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const again = await screen.findByRole('dialog');
    await within(again).findByTestId('money-summary');
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('an unpaid order says the creator pays next', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue({ ...money, paid: false });
    const user = userEvent.setup();
    // Accepted to pay on approval: approving comes before paying.
    show({ paid: false, paidAt: null });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('is approved and you pay for it next');
    expect((await within(dialog).findByTestId('money-summary')).textContent).toContain('You pay next₹6,999');
  });
});
