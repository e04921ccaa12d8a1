import { and, asc, count, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_ORDER_STATUSES,
  ORDER_MESSAGES,
  parseOrderReference,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type OrderDetailReply,
  type OrderListQuery,
  type OrderListReply,
  type OrderStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orderEvents, orders, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { roomForUser } from '../chat';
import type { Notifier } from '../notifications';
import type { Actor } from './kernel';
import { beforeOrderCursor, encodeOrderCursor, findOrderRecord, selectOrders } from './records';
import { toOrder, toOrderEvent, viewerOf } from './shape';

const statusFilter = (status: OrderStatus | 'open' | undefined): SQL | undefined =>
  status === undefined
    ? undefined
    : status === 'open'
      ? inArray(orders.status, [...OPEN_ORDER_STATUSES])
      : eq(orders.status, status);

/** The viewer's own orders (optionally one room's), newest first, keyset-paginated on an index. */
export async function listOwnOrders(db: Db, actor: Actor, query: OrderListQuery): Promise<OrderListReply> {
  if (query.roomId) await roomForUser(db, actor, query.roomId, 'member');
  const own = actor.role === 'creator' ? eq(orders.creatorId, actor.id) : eq(orders.editorId, actor.id);
  const rows = await selectOrders(
    db,
    and(
      own,
      query.roomId ? eq(orders.roomId, query.roomId) : undefined,
      statusFilter(query.status),
      beforeOrderCursor(query.before),
    ),
    { limit: query.limit + 1 },
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const now = new Date();
  return {
    data: page.map((r) => toOrder(r, viewerOf(r.order, actor), now)),
    ...(rows.length > query.limit && last ? { nextCursor: encodeOrderCursor(last) } : {}),
  };
}

/** One order with its whole timeline: its two sides and admins; anyone else is told it does not exist. */
/**
 * One order and its timeline. A side opening its order has seen what their notices of it say: `notices`
 * marks those read (admins read orders without being told of them).
 */
export async function orderDetail(
  db: Db,
  actor: Actor,
  orderId: string,
  notices?: Pick<Notifier, 'markReadFor'>,
): Promise<OrderDetailReply> {
  const record = await findOrderRecord(db, orderId);
  const viewer = record ? viewerOf(record.order, actor) : 'other';
  if (!record || viewer === 'other') throw notFound(ORDER_MESSAGES.notFound);
  if (viewer !== 'admin') await notices?.markReadFor(actor.id, { orderId });
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.seq));
  return { data: toOrder(record, viewer), events: events.map(toOrderEvent) };
}

const creatorUser = alias(users, 'q_creator');
const editorUser = alias(users, 'q_editor');

/** Every order for admins, with filters, page by page. */
export async function listAllOrders(
  db: Db,
  admin: Actor,
  query: AdminOrderListQuery,
): Promise<AdminOrderPage> {
  const conditions: (SQL | undefined)[] = [
    statusFilter(query.status),
    query.editorId ? eq(orders.editorId, query.editorId) : undefined,
    query.creatorId ? eq(orders.creatorId, query.creatorId) : undefined,
  ];
  if (query.late === true) {
    conditions.push(and(eq(orders.status, 'in_progress'), lt(orders.dueAt, new Date())));
  }
  if (query.q) {
    const number = parseOrderReference(query.q);
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byName = inArray(
      orders.id,
      db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(creatorUser, eq(creatorUser.id, orders.creatorId))
        .innerJoin(editorUser, eq(editorUser.id, orders.editorId))
        .where(or(ilike(creatorUser.username, pattern), ilike(editorUser.username, pattern))),
    );
    conditions.push(number !== null ? eq(orders.number, number) : or(byName, ilike(orders.title, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectOrders(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const now = new Date();
  return {
    data: rows.map((r) => toOrder(r, viewerOf(r.order, admin), now)),
    page: query.page,
    limit: query.limit,
    total: Number(total?.n ?? 0),
  };
}
