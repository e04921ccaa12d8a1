import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paiseFromRupees, tierTerms, type OrderStatus, type TierTitle } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatRooms, deliveries, editorPortfolios, orders, payments } from '../../db/schema';
import type { SeedStep } from '../../lib/seeds';
import { ORDER_JOBS } from './job-kinds';
import { recordEvent } from './transitions';

type PaymentRow = typeof payments.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;

const DEFAULT_DAYS: Record<TierTitle, number> = { basic: 3, intermediate: 5, pro: 7 };
const DAY_MS = 86_400_000;
const label = (tier: TierTitle | null) =>
  tier ? `${tier.charAt(0).toUpperCase()}${tier.slice(1)} tier` : 'Order';

/** What a legacy tier order promised: the editor's tier as it is now, or the defaults. */
async function termsOf(db: Db, editorId: string, tier: TierTitle | null) {
  const [portfolio] = await db
    .select({ tiers: editorPortfolios.tiers })
    .from(editorPortfolios)
    .where(eq(editorPortfolios.editorId, editorId));
  const found = tier ? portfolio?.tiers.find((t) => t.title === tier) : undefined;
  const terms = found ? tierTerms(found) : null;
  return {
    deliveryDays: terms?.deliveryDays ?? (tier ? DEFAULT_DAYS[tier] : 5),
    revisions: terms?.revisions ?? 1,
    features: terms?.features ?? [],
    amountPaise: terms ? paiseFromRupees(terms.amount) : null,
  };
}

async function roomOf(db: Db, creatorId: string, editorId: string): Promise<string> {
  await db.insert(chatRooms).values({ creatorId, editorId }).onConflictDoNothing();
  const [room] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.creatorId, creatorId), eq(chatRooms.editorId, editorId)));
  return room!.id;
}

/** A payment made before orders existed becomes its order: paid, waiting for payment, or lapsed. */
async function orderForPayment(db: Db, p: PaymentRow): Promise<string> {
  const terms = await termsOf(db, p.editorId, p.planType);
  const paidAt = p.paidAt ?? p.createdAt;
  const status: OrderStatus =
    p.status === 'SUCCESS' ? 'in_progress' : p.status === 'INITIATED' ? 'awaiting_payment' : 'cancelled';
  const [order] = await db
    .insert(orders)
    .values({
      roomId: await roomOf(db, p.creatorId, p.editorId),
      creatorId: p.creatorId,
      editorId: p.editorId,
      source: 'tier',
      tier: p.planType,
      title: label(p.planType),
      features: terms.features,
      pricePaise: p.amountPaise,
      deliveryDays: terms.deliveryDays,
      revisionsIncluded: terms.revisions,
      status,
      acceptedAt: p.createdAt,
      createdAt: p.createdAt,
      ...(p.status === 'SUCCESS'
        ? { paymentId: p.id, paidAt, dueAt: new Date(paidAt.getTime() + terms.deliveryDays * DAY_MS) }
        : {}),
      ...(status === 'cancelled'
        ? { cancelledAt: p.updatedAt, cancelledBy: 'system' as const, cancelNote: 'Payment not completed' }
        : {}),
    })
    .returning({ id: orders.id });
  await db.update(payments).set({ cutroomOrderId: order!.id }).where(eq(payments.id, p.id));
  await recordEvent(db, order!.id, {
    type: 'migrated',
    actor: 'system',
    note: `Created from payment ${p.orderId}, made before orders existed`,
  });
  return order!.id;
}

/**
 * A room's deliveries made before orders, in runs that end at an approved one: a run whose delivery a
 * payment covered joins that payment's order; any other run becomes an unpaid order at its tier's price.
 */
type Schedule = (tx: Db, orderId: string, at: Date) => Promise<void>;

async function attachDeliveries(
  db: Db,
  roomId: string,
  autoCompleteMs: number,
  schedule: Schedule,
): Promise<void> {
  const list = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.roomId, roomId), isNull(deliveries.cutroomOrderId)))
    .orderBy(asc(deliveries.number));
  let run: DeliveryRow[] = [];
  for (const d of list) {
    run.push(d);
    if (d.status === 'approved' || d === list[list.length - 1]) {
      await attachRun(db, run, autoCompleteMs, schedule);
      run = [];
    }
  }
}

async function attachRun(
  db: Db,
  run: DeliveryRow[],
  autoCompleteMs: number,
  schedule: Schedule,
): Promise<void> {
  const last = run[run.length - 1]!;
  const status: OrderStatus =
    last.status === 'approved' ? 'completed' : last.status === 'sent' ? 'delivered' : 'changes_requested';
  const changes = run.filter((d) => d.status === 'changes_requested').length;
  const paid = run.find((d) => d.paymentId);
  let orderId: string | null = null;
  if (paid?.paymentId) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paid.paymentId));
    orderId = payment?.cutroomOrderId ?? null;
  }
  const terms = await termsOf(db, last.editorId, last.tier);
  const autoCompleteAt = new Date(Date.now() + autoCompleteMs);
  const timing = {
    deliveredAt: last.createdAt,
    revisionsUsed: changes,
    ...(status === 'completed' ? { completedAt: last.decidedAt ?? last.updatedAt } : {}),
    ...(status === 'delivered' ? { autoCompleteAt } : {}),
  };
  if (orderId) {
    await db
      .update(orders)
      .set({ status, ...timing, revisionsIncluded: Math.max(terms.revisions, changes) })
      .where(eq(orders.id, orderId));
  } else {
    const [order] = await db
      .insert(orders)
      .values({
        roomId: last.roomId,
        creatorId: last.creatorId,
        editorId: last.editorId,
        source: 'tier',
        tier: last.tier,
        title: label(last.tier),
        features: terms.features,
        pricePaise: terms.amountPaise ?? 0,
        deliveryDays: terms.deliveryDays,
        revisionsIncluded: Math.max(terms.revisions, changes),
        status,
        payLater: true,
        acceptedAt: run[0]!.createdAt,
        createdAt: run[0]!.createdAt,
        ...timing,
      })
      .returning({ id: orders.id });
    orderId = order!.id;
    await recordEvent(db, orderId, {
      type: 'migrated',
      actor: 'system',
      note: 'Created from deliveries sent before orders existed; to be paid',
    });
  }
  for (const d of run)
    await db.update(deliveries).set({ cutroomOrderId: orderId }).where(eq(deliveries.id, d.id));
  if (status === 'delivered') await schedule(db, orderId, autoCompleteAt);
}

/**
 * Turns data from before orders into orders (idempotent: only rows without one are touched). Orders
 * left `delivered` get an auto-complete deadline and its job, in the same transaction.
 */
export async function backfillOrders(
  db: Db,
  autoCompleteMs: number,
  schedule: Schedule,
): Promise<{ payments: number; rooms: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const legacy = await t
      .select()
      .from(payments)
      .where(isNull(payments.cutroomOrderId))
      .orderBy(asc(payments.createdAt));
    for (const p of legacy) await orderForPayment(t, p);
    const rooms = await t
      .selectDistinct({ roomId: deliveries.roomId })
      .from(deliveries)
      .where(isNull(deliveries.cutroomOrderId));
    for (const { roomId } of rooms) await attachDeliveries(t, roomId, autoCompleteMs, schedule);
    return { payments: legacy.length, rooms: rooms.length };
  });
}

export const ordersBackfillStep: SeedStep = {
  name: 'orders-backfill',
  async run(app: FastifyInstance) {
    const ms = app.config.ORDER_AUTO_COMPLETE_HOURS * 3_600_000;
    const done = await backfillOrders(app.db, ms, async (tx, orderId, at) => {
      await app.jobs.enqueue(
        ORDER_JOBS.autoComplete,
        { orderId },
        { db: tx, delayMs: Math.max(0, at.getTime() - Date.now()) },
      );
    });
    if (done.payments || done.rooms)
      app.log.info(done, 'orders created for payments and deliveries made before orders');
  },
};
