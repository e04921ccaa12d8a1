import { eq } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  formatPaise,
  orderReference,
  paiseFromRupees,
  rupeesFromPaise,
  type OrderMoney,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orderEarnings, orders, payments } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { SessionUser } from '../auth';
import { NO_REFUNDS, refundTotalsOf } from '../payments';
import { editorPartOfRefund, splitPayment } from './rules';

/** Paise of one order's money as the ledger holds it (or would, for an order not paid yet). */
interface Split {
  grossPaise: number;
  sharePaise: number;
  commissionPaise: number;
  feePercent: number;
  /** Refunds that succeeded, and the editor's part the ledger took of them. */
  refundedPaise: number;
  editorRefundedPaise: number;
  /** Refunds reserved or on their way (not yet in the ledger). */
  pendingPaise: number;
}

/**
 * Where the order's money goes (issue 25, item 10): the split the ledger booked when it was paid (or
 * the one it would book now), what refunds so far took from each side, and, for an admin's `refund`,
 * what that refund would take. Uses the ledger's own rule (editorPartOfRefund), so the confirmation
 * says what the refund will book. Members of the order and admins only; a refund preview is admins'.
 */
export async function orderMoney(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  orderId: string,
  feePercent: number,
  refund?: 'full' | number,
): Promise<OrderMoney> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const member = order && (order.creatorId === viewer.id || order.editorId === viewer.id);
  if (!order || (!member && viewer.role !== 'admin')) throw notFound(ORDER_MESSAGES.notFound);
  if (refund !== undefined && viewer.role !== 'admin') throw forbidden();
  const split = await splitOf(db, order, feePercent);

  const editorBefore = split.editorRefundedPaise + pendingEditorPart(split);
  const refundedBefore = split.refundedPaise + split.pendingPaise;
  const paid = order.paymentId !== null;
  const refundable = paid ? Math.max(0, split.grossPaise - refundedBefore) : 0;
  const keeps = (refunded: number, editorPart: number) => ({
    editorKeeps: rupeesFromPaise(split.sharePaise - editorPart),
    // The commission and the taxes withheld from the share (held for the government), less refunds.
    platformKeeps: rupeesFromPaise(split.grossPaise - split.sharePaise - (refunded - editorPart)),
  });

  let preview: OrderMoney['refund'] = null;
  if (refund !== undefined) {
    const asked = refund === 'full' ? refundable : paiseFromRupees(refund);
    if (asked > refundable) throw badRequest(ORDER_MESSAGES.refundTooLarge(formatPaise(refundable)));
    const fromEditor = editorPartOfRefund(
      split,
      { refundedPaise: refundedBefore, editorRefundedPaise: editorBefore },
      asked,
    );
    preview = {
      amount: rupeesFromPaise(asked),
      fromEditor: rupeesFromPaise(fromEditor),
      fromPlatform: rupeesFromPaise(asked - fromEditor),
      ...keeps(refundedBefore + asked, editorBefore + fromEditor),
    };
  }
  return {
    orderId: order.id,
    reference: orderReference(order.number),
    amount: rupeesFromPaise(split.grossPaise),
    paid,
    feePercent: split.feePercent,
    commission: rupeesFromPaise(split.commissionPaise),
    editorShare: rupeesFromPaise(split.sharePaise),
    refunded: rupeesFromPaise(refundedBefore),
    refundable: rupeesFromPaise(refundable),
    ...keeps(refundedBefore, editorBefore),
    refund: preview,
  };
}

/** The editor's part of the refunds still on their way, as the ledger will take it when they succeed. */
function pendingEditorPart(s: Split): number {
  if (s.pendingPaise <= 0) return 0;
  return editorPartOfRefund(
    s,
    { refundedPaise: s.refundedPaise, editorRefundedPaise: s.editorRefundedPaise },
    s.pendingPaise,
  );
}

async function splitOf(db: Db, order: typeof orders.$inferSelect, feePercent: number): Promise<Split> {
  const [booked] = await db.select().from(orderEarnings).where(eq(orderEarnings.orderId, order.id));
  if (booked) {
    const totals = await refundTotalsOf(db, booked.paymentId);
    return {
      grossPaise: booked.grossPaise,
      sharePaise: booked.sharePaise,
      // The fee the confirmations speak of: the commission with the GST inside it.
      commissionPaise: booked.commissionPaise + booked.gstPaise,
      feePercent: booked.feePercent,
      refundedPaise: booked.refundedPaise,
      editorRefundedPaise: booked.editorRefundedPaise,
      pendingPaise: Math.max(0, totals.pendingOrRefundedPaise - booked.refundedPaise),
    };
  }
  // Not booked (not paid yet, or paid before the ledger existed): the split it gets at today's fee.
  let grossPaise = order.pricePaise;
  let totals = NO_REFUNDS;
  if (order.paymentId) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, order.paymentId));
    if (payment) {
      grossPaise = payment.amountPaise;
      totals = await refundTotalsOf(db, payment.id);
    }
  }
  const shares = splitPayment(grossPaise, feePercent);
  const refunded = { refundedPaise: totals.refundedPaise, pendingPaise: totals.pendingPaise };
  const editorRefundedPaise = editorPartOfRefund(
    { grossPaise, sharePaise: shares.sharePaise },
    { refundedPaise: 0, editorRefundedPaise: 0 },
    refunded.refundedPaise,
  );
  return { grossPaise, ...shares, feePercent, ...refunded, editorRefundedPaise };
}
