import { randomUUID } from 'node:crypto';
import type { DisputeStatus, OrderStatus } from '@cutroom/contracts';
import type { Db } from '../src/db/client';
import {
  chatRooms,
  disputes,
  moderationFlags,
  orderEarnings,
  orders,
  payments,
  payoutAccounts,
  payoutAdjustments,
  payoutSettlements,
  supportTickets,
} from '../src/db/schema';
import type { TestUser } from './helpers/users';

const DAY = 86_400_000;
export const daysAgo = (n: number, from = Date.now()) => new Date(from - n * DAY);

/** The Indian calendar day of a moment, as the dashboard names days: YYYY-MM-DD. */
export const indianDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);

/** Rows written straight into the tables, so the dashboard's figures can be checked against them. */
export function dashboardRows(db: Db, creator: TestUser, editor: TestUser) {
  let roomId: string | null = null;
  const room = async () => {
    if (!roomId) {
      const [r] = await db
        .insert(chatRooms)
        .values({ creatorId: creator.id, editorId: editor.id })
        .returning();
      roomId = r!.id;
    }
    return roomId;
  };
  return {
    async order(status: OrderStatus, fields: { dueAt?: Date } = {}) {
      const [o] = await db
        .insert(orders)
        .values({
          roomId: await room(),
          creatorId: creator.id,
          editorId: editor.id,
          source: 'offer',
          title: `Order ${status}`,
          pricePaise: 149900,
          deliveryDays: 3,
          revisionsIncluded: 1,
          status,
          dueAt: fields.dueAt ?? null,
        })
        .returning();
      return o!;
    },
    async dispute(status: DisputeStatus) {
      const order = await this.order('delivered');
      await db.insert(disputes).values({
        orderId: order.id,
        openedBy: 'creator',
        openedById: creator.id,
        reason: 'quality',
        statement: 'The dashboard counts this dispute by its status.',
        status,
        respondBy: new Date(Date.now() + DAY),
        ...(status === 'withdrawn' ? { closedAt: new Date() } : {}),
        ...(status === 'with_admins' ? { escalatedAt: new Date() } : {}),
      });
    },
    async payment(status: 'SUCCESS' | 'FAILED' | 'INITIATED', amountPaise: number, paidAt: Date | null) {
      const [p] = await db
        .insert(payments)
        .values({
          orderId: `cf-${randomUUID()}`,
          paymentSessionId: `session-${randomUUID()}`,
          status,
          amountPaise,
          creatorId: creator.id,
          editorId: editor.id,
          phone: '9876543210',
          expiresAt: daysAgo(-1),
          paidAt,
        })
        .returning();
      return p!;
    },
    /** A paid order's booked commission (the payment is stored with it). */
    async earning(
      grossPaise: number,
      commissionPaise: number,
      paidAt: Date,
      splitState: 'none' | 'failed' = 'none',
    ) {
      const order = await this.order('completed');
      const payment = await this.payment('SUCCESS', grossPaise, paidAt);
      await db.insert(orderEarnings).values({
        orderId: order.id,
        editorId: editor.id,
        paymentId: payment.id,
        grossPaise,
        feePercent: 20,
        commissionPaise,
        sharePaise: grossPaise - commissionPaise,
        clearingSeconds: 0,
        paidAt,
        splitState,
      });
      return order;
    },
    async flag(status: 'open' | 'dismissed') {
      await db.insert(moderationFlags).values({ source: 'chat_message', status, reason: 'x', excerpt: 'x' });
    },
    async ticket(status: 'open' | 'closed') {
      await db.insert(supportTickets).values({
        name: 'Asha',
        email: 'asha@example.com',
        message: 'Help',
        status,
        closedAt: status === 'closed' ? new Date() : null,
      });
    },
    async failedVendor() {
      await db.insert(payoutAccounts).values({
        editorId: editor.id,
        method: 'upi',
        accountHolder: 'E',
        detailsSealed: 'sealed',
        masked: '••••',
        vendorId: `v-${randomUUID()}`,
        vendorState: 'failed',
      });
    },
    async settlement(status: 'FAILED' | 'SUCCESS', retried = false) {
      await db.insert(payoutSettlements).values({
        editorId: editor.id,
        vendorId: 'v',
        gatewaySettlementId: `s-${randomUUID()}`,
        amountPaise: 1000,
        status,
        retriedAt: retried ? new Date() : null,
      });
    },
    async adjustment(state: 'failed' | 'done') {
      await db
        .insert(payoutAdjustments)
        .values({ editorId: editor.id, amountPaise: 500, type: 'DEBIT', state });
    },
  };
}
