import type { OrderMoney } from '@cutroom/contracts';
import type { Order, OrderAction } from '@cutroom/contracts/orders';
import { anOrder } from './order-fixtures';

type Side = 'creator' | 'editor';

/** A proposal to complete the order at ₹4,000, with a reason, answered by 7 Jan 2030. */
export const aSettlement = (
  by: Side,
  reason = 'Only the first half is usable',
): NonNullable<Order['settlement']> => ({
  proposedBy: by,
  amount: 4000,
  reason,
  proposedAt: '2030-01-05T10:00:00.000Z',
  respondBy: '2030-01-07T10:00:00.000Z',
});

/** A paid ₹6,999 order, changes requested, with `by`'s proposal to complete it at ₹4,000. */
export const aPendingSettlement = (by: Side, actions: OrderAction[], over: Partial<Order> = {}) =>
  anOrder({
    status: 'changes_requested',
    paid: true,
    paidAt: '2030-01-02T10:00:00.000Z',
    settlement: aSettlement(by),
    actions,
    ...over,
  });

/** The server's figures for that order (GET /api/orders/{id}/money): ₹6,999 paid, nothing refunded. */
export const settlementMoney: OrderMoney = {
  orderId: anOrder()._id,
  reference: 'CR-10482',
  amount: 6999,
  paid: true,
  feePercent: 20,
  commission: 1399.8,
  editorShare: 5599.2,
  refunded: 0,
  refundable: 6999,
  editorKeeps: 5599.2,
  platformKeeps: 1399.8,
  refund: null,
};
