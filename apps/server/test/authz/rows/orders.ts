import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatRooms, orders, payments } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import type { AuthzContext, AuthzRow, AuthzRowsFactory, Expectation, Who } from '../types';

type Room = { id: string; creatorId: string; editorId: string };
type OrderValues = Partial<typeof orders.$inferInsert>;

/** An order of a room as the flows leave it: an offer by default, or any state given by `values`. */
export async function insertOrder(ctx: AuthzContext, room: Room, values: OrderValues = {}) {
  const [row] = await ctx.server.db
    .insert(orders)
    .values({
      roomId: room.id,
      creatorId: room.creatorId,
      editorId: room.editorId,
      source: 'offer',
      title: 'Matrix order',
      pricePaise: 99_900,
      deliveryDays: 3,
      revisionsIncluded: 1,
      status: 'offered',
      offerExpiresAt: new Date(Date.now() + 24 * 3_600_000),
      ...values,
    })
    .returning();
  return row!;
}

/** The same, paid: a SUCCESS payment of its price is the order's payment. */
export async function insertPaidOrder(ctx: AuthzContext, room: Room, values: OrderValues = {}) {
  const { db } = ctx.server;
  const row = await insertOrder(ctx, room, values);
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: `order_matrix${randomBytes(8).toString('hex')}`,
      paymentSessionId: 'matrix',
      status: 'SUCCESS',
      amountPaise: row.pricePaise,
      cutroomOrderId: row.id,
      creatorId: row.creatorId,
      editorId: row.editorId,
      phone: '9876543210',
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  await db.update(orders).set({ paymentId: payment!.id, paidAt: new Date() }).where(eq(orders.id, row.id));
  return row;
}

const inProgress: OrderValues = {
  status: 'in_progress',
  acceptedAt: new Date(),
  dueAt: new Date(Date.now() + 3 * 24 * 3_600_000),
  offerExpiresAt: null,
};
const awaitingPayment: OrderValues = {
  status: 'awaiting_payment',
  acceptedAt: new Date(),
  offerExpiresAt: null,
};
const cancellationBy = (side: 'creator' | 'editor'): OrderValues => ({
  ...inProgress,
  cancellationRequestedBy: side,
  cancellationReason: 'Plans changed',
  cancellationRequestedAt: new Date(),
  cancellationRespondBy: new Date(Date.now() + 48 * 3_600_000),
});
/** In progress, with the editor's request for two more days waiting for the creator's answer. */
const extensionAsked: OrderValues = {
  ...inProgress,
  extensionDays: 2,
  extensionReason: 'The footage arrived late',
  extensionRequestedAt: new Date(),
  extensionRespondBy: new Date(Date.now() + 48 * 3_600_000),
};
const extraRevisionAsked: OrderValues = {
  ...inProgress,
  status: 'delivered',
  deliveredAt: new Date(),
  revisionsUsed: 1,
  extraRevisionNote: 'One more pass on the colours',
  extraRevisionRequestedAt: new Date(),
};

const delivered: OrderValues = { ...inProgress, status: 'delivered', deliveredAt: new Date() };
/** A paid, delivered order whose `side` proposed completing it at ₹500 (of ₹999). */
const settlementBy = (side: 'creator' | 'editor'): OrderValues => ({
  ...delivered,
  settlementProposedBy: side,
  settlementAmountPaise: 50_000,
  settlementReason: 'Only the intro is usable',
  settlementProposedAt: new Date(),
  settlementRespondBy: new Date(Date.now() + 48 * 3_600_000),
});

/** One role may act (with this exact status); the others are refused by role, strangers told nothing. */
const as = (who: Exclude<Who, 'anonymous' | 'admin'>, status: number): Record<Who, Expectation> => ({
  anonymous: 401,
  creator: who === 'creator' ? status : 403,
  editor: who === 'editor' ? status : 403,
  admin: 403,
});

/**
 * Orders: offers come from the room's editor, offer requests from its creator; each order is seen by its
 * two sides and admins, and moved only by the side the step belongs to. Strangers to an order are told it
 * does not exist (404). The orders acted on are fixtures of this file: the matrix creator's room with
 * another editor, the matrix editor's room with another creator, and an order between strangers.
 */
export const orderRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { creator, editor } = ctx.users;
  const [creatorY, editorX, strangerC, strangerE] = await Promise.all([
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
  ]);
  const rooms = await db
    .insert(chatRooms)
    .values([
      { creatorId: creator.id, editorId: editorX.id },
      { creatorId: creatorY.id, editorId: editor.id },
      { creatorId: strangerC.id, editorId: strangerE.id },
    ])
    .returning();
  const [creatorsRoom, editorsRoom, foreign] = [rooms[0]!, rooms[1]!, rooms[2]!];

  const [creatorsOrder, editorsOrder, theirs, theirsInProgress, theirsDelivered] = await Promise.all([
    insertOrder(ctx, creatorsRoom),
    insertOrder(ctx, editorsRoom),
    insertOrder(ctx, foreign),
    insertOrder(ctx, foreign, cancellationBy('creator')),
    insertOrder(ctx, foreign, extraRevisionAsked),
  ]);
  /** A fresh order per request, for rows whose request changes it. */
  const fresh = (room: Room, values: OrderValues, action: string) => async () =>
    `/api/orders/${(await insertOrder(ctx, room, values)).id}/${action}`;
  /** A fresh order in the creator's room for the matrix creator, in the editor's room for the editor. */
  const freshForSide =
    (values: (side: 'creator' | 'editor') => OrderValues, action: string) => async (who: Who) => {
      const side = who === 'editor' ? 'editor' : 'creator';
      const room = side === 'editor' ? editorsRoom : creatorsRoom;
      return `/api/orders/${(await insertOrder(ctx, room, values(side))).id}/${action}`;
    };
  /** The same, paid. */
  const freshPaidForSide =
    (values: (side: 'creator' | 'editor') => OrderValues, action: string) => async (who: Who) => {
      const side = who === 'editor' ? 'editor' : 'creator';
      const room = side === 'editor' ? editorsRoom : creatorsRoom;
      return `/api/orders/${(await insertPaidOrder(ctx, room, values(side))).id}/${action}`;
    };
  const other = (side: 'creator' | 'editor') => (side === 'creator' ? 'editor' : 'creator');

  const rows: AuthzRow[] = [
    {
      method: 'POST',
      route: '/api/chat/:roomId/offers',
      path: `/api/chat/${editorsRoom.id}/offers`,
      body: { title: 'Wedding teaser', amount: 6999, deliveryDays: 5, revisions: 2 },
      expect: as('editor', 201),
    },
    {
      method: 'POST',
      route: '/api/chat/:roomId/offers',
      path: `/api/chat/${creatorsRoom.id}/offers`,
      body: { title: 'Wedding teaser', amount: 6999, deliveryDays: 5, revisions: 2 },
      // Not the matrix editor's room.
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/chat/:roomId/offer-requests',
      path: `/api/chat/${creatorsRoom.id}/offer-requests`,
      body: { brief: 'A 60 s teaser of the wedding' },
      expect: as('creator', 201),
    },
    {
      method: 'POST',
      route: '/api/chat/:roomId/offer-requests',
      path: `/api/chat/${editorsRoom.id}/offer-requests`,
      body: { brief: 'A 60 s teaser of the wedding' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/orders',
      path: '/api/orders',
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/orders',
      path: `/api/orders?roomId=${foreign.id}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id',
      path: `/api/orders/${creatorsOrder.id}`,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id',
      path: `/api/orders/${editorsOrder.id}`,
      expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id',
      path: `/api/orders/${theirs.id}`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    // Where an order's money goes (issue 25): its two sides and admins; a refund preview is admins'.
    {
      method: 'GET',
      route: '/api/orders/:id/money',
      path: `/api/orders/${creatorsOrder.id}/money`,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/money',
      path: `/api/orders/${editorsOrder.id}/money`,
      expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/money',
      path: `/api/orders/${theirs.id}/money`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/money',
      path: `/api/orders/${creatorsOrder.id}/money?refund=full`,
      expect: { anonymous: 401, creator: 403, editor: 404, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/orders/:id/accept',
      path: fresh(creatorsRoom, {}, 'accept'),
      body: { payNow: false },
      expect: as('creator', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/accept',
      path: `/api/orders/${theirs.id}/accept`,
      body: { payNow: false },
      expect: as('creator', 404),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/decline',
      path: fresh(creatorsRoom, {}, 'decline'),
      expect: as('creator', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/decline',
      path: `/api/orders/${theirs.id}/decline`,
      expect: as('creator', 404),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/withdraw',
      path: fresh(editorsRoom, {}, 'withdraw'),
      expect: as('editor', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/withdraw',
      path: `/api/orders/${theirs.id}/withdraw`,
      expect: as('editor', 404),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/pay',
      path: async () => `/api/orders/${(await insertOrder(ctx, creatorsRoom, awaitingPayment)).id}/pay`,
      body: { phone: '9876543210' },
      expect: as('creator', 201),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/pay',
      path: async () => `/api/orders/${(await insertOrder(ctx, foreign, awaitingPayment)).id}/pay`,
      body: { phone: '9876543210' },
      expect: as('creator', 404),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/cancel',
      path: fresh(creatorsRoom, awaitingPayment, 'cancel'),
      expect: as('creator', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/cancel',
      path: fresh(foreign, awaitingPayment, 'cancel'),
      expect: as('creator', 404),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/cancellation',
      path: freshForSide(() => inProgress, 'cancellation'),
      body: { reason: 'Plans changed' },
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/orders/:id/cancellation',
      path: fresh(foreign, inProgress, 'cancellation'),
      body: { reason: 'Plans changed' },
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 403 },
    },
  ];
  // Answering a cancellation is for the side that did not propose it; withdrawing, for the side that did.
  for (const [action, proposer] of [
    ['accept', other],
    ['decline', other],
    ['withdraw', (side: 'creator' | 'editor') => side],
  ] as const) {
    rows.push(
      {
        method: 'POST',
        route: `/api/orders/:id/cancellation/${action}`,
        path: freshForSide((side) => cancellationBy(proposer(side)), `cancellation/${action}`),
        expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
      },
      {
        method: 'POST',
        route: `/api/orders/:id/cancellation/${action}`,
        path: `/api/orders/${theirsInProgress.id}/cancellation/${action}`,
        expect: { anonymous: 401, creator: 404, editor: 404, admin: 403 },
      },
    );
  }
  // Settling for a different amount (issue 26): either side proposes on a paid, delivered order; the
  // other accepts or declines; the proposer withdraws. Admins are refused by the route, strangers 404.
  rows.push(
    {
      method: 'POST',
      route: '/api/orders/:id/settlement',
      path: freshPaidForSide(() => delivered, 'settlement'),
      body: { amount: 500, reason: 'Only the intro is usable' },
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/orders/:id/settlement',
      path: async () => `/api/orders/${(await insertPaidOrder(ctx, foreign, delivered)).id}/settlement`,
      body: { amount: 500 },
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 403 },
    },
  );
  for (const [action, proposer] of [
    ['accept', other],
    ['decline', other],
    ['withdraw', (side: 'creator' | 'editor') => side],
  ] as const) {
    rows.push(
      {
        method: 'POST',
        route: `/api/orders/:id/settlement/${action}`,
        path: freshPaidForSide((side) => settlementBy(proposer(side)), `settlement/${action}`),
        expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
      },
      {
        method: 'POST',
        route: `/api/orders/:id/settlement/${action}`,
        path: async () =>
          `/api/orders/${(await insertPaidOrder(ctx, foreign, settlementBy('creator'))).id}/settlement/${action}`,
        expect: { anonymous: 401, creator: 404, editor: 404, admin: 403 },
      },
    );
  }
  rows.push(
    {
      method: 'POST',
      route: '/api/orders/:id/extra-revision',
      path: fresh(editorsRoom, extraRevisionAsked, 'extra-revision'),
      expect: as('editor', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/extra-revision',
      path: `/api/orders/${theirsDelivered.id}/extra-revision`,
      expect: as('editor', 404),
    },
    // More time (issue 26): the editor asks and may withdraw; the creator accepts or declines.
    {
      method: 'POST',
      route: '/api/orders/:id/extension',
      path: fresh(editorsRoom, inProgress, 'extension'),
      body: { days: 2, reason: 'The footage arrived late' },
      expect: as('editor', 200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/extension',
      path: fresh(foreign, inProgress, 'extension'),
      body: { days: 2, reason: 'The footage arrived late' },
      expect: as('editor', 404),
    },
    ...(
      [
        ['accept', 'creator'],
        ['decline', 'creator'],
        ['withdraw', 'editor'],
      ] as const
    ).flatMap(([action, side]): AuthzRow[] => [
      {
        method: 'POST',
        route: `/api/orders/:id/extension/${action}`,
        path: fresh(side === 'editor' ? editorsRoom : creatorsRoom, extensionAsked, `extension/${action}`),
        expect: as(side, 200),
      },
      {
        method: 'POST',
        route: `/api/orders/:id/extension/${action}`,
        path: fresh(foreign, extensionAsked, `extension/${action}`),
        expect: as(side, 404),
      },
    ]),
    {
      method: 'GET',
      route: '/api/admin/orders',
      path: '/api/admin/orders',
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/admin/orders/:id',
      path: `/api/admin/orders/${theirs.id}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/admin/orders/:id',
      // An admin route even for the order's own creator.
      path: `/api/admin/orders/${creatorsOrder.id}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/orders/:id/cancel',
      path: async () => `/api/admin/orders/${(await insertOrder(ctx, foreign, inProgress)).id}/cancel`,
      body: { full: true, note: 'Cancelled by the matrix' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
  );
  return rows;
};
