import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
  orderReference,
  type AdminReview,
  type AdminReviewPage,
  type EditorReviewsReply,
  type Review,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, reviewModerationEvents, reviews, users } from '../../db/schema';
import { screenPublicText } from '../../lib/contact-screen';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../portfolio';
import { countReview, ratingSummary } from './aggregates';
import { isPaidWork } from './paid-work';

type ReviewRow = typeof reviews.$inferSelect;
interface Actor {
  id: string;
  role: string;
}

export interface ReviewInputData {
  rating: number;
  communication?: number | null;
  quality?: number | null;
  onTime?: number | null;
  text: string;
}

/**
 * The creator of a completed order reviews it: once (the unique order id decides a race), within
 * REVIEW_WINDOW_DAYS of completion. The order row is locked so an admin cancelling it at the same moment
 * either comes first (and the review is refused) or after (the review stands, as on any later cancel).
 */
export async function createReview(
  db: Db,
  actor: Actor,
  orderId: string,
  input: ReviewInputData,
): Promise<ReviewRow> {
  if (!isUuid(orderId)) throw notFound(REVIEW_MESSAGES.orderNotFound);
  // Public text: the chat's screen, and a suspicious text is refused too (it cannot wait for review).
  screenPublicText({ source: 'review', orderId }, input.text);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Another creator's order is as unknown to this one as a missing order.
    if (!order || (order.creatorId !== actor.id && order.editorId !== actor.id))
      throw notFound(REVIEW_MESSAGES.orderNotFound);
    if (order.creatorId !== actor.id) throw forbidden(REVIEW_MESSAGES.notYours);
    if (order.status !== 'completed' || !order.completedAt) throw conflict(REVIEW_MESSAGES.notCompleted);
    if (!(await isPaidWork(tx, order))) throw conflict(REVIEW_MESSAGES.notPaid);
    // The window opens when the work is both completed and paid (a pay-later order may be paid later).
    const opened = Math.max(order.completedAt.getTime(), order.paidAt?.getTime() ?? 0);
    const closes = opened + REVIEW_WINDOW_DAYS * 86_400_000;
    if (Date.now() > closes) throw conflict(REVIEW_MESSAGES.tooLate);
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId,
        editorId: order.editorId,
        creatorId: order.creatorId,
        rating: input.rating,
        communication: input.communication ?? null,
        quality: input.quality ?? null,
        onTime: input.onTime ?? null,
        text: input.text,
      })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning();
    if (!row) throw conflict(REVIEW_MESSAGES.already);
    await countReview(tx, row, 1);
    return row;
  });
}

/** The reviewed editor's one public reply: a conditional update, so two at once store one. */
export async function replyToReview(
  db: Db,
  actor: Actor,
  reviewId: string,
  reply: string,
): Promise<ReviewRow> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  const [existing] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  // A hidden review is not answered in public; to anyone but its editor it does not exist.
  if (!existing || existing.hiddenAt) throw notFound(REVIEW_MESSAGES.notFound);
  if (existing.editorId !== actor.id) throw forbidden(REVIEW_MESSAGES.replyNotYours);
  screenPublicText({ source: 'review_reply', reviewId }, reply);
  const [row] = await db
    .update(reviews)
    .set({ reply, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning();
  if (!row) throw conflict(REVIEW_MESSAGES.alreadyReplied);
  return row;
}

/** Hides or shows a review with the admin's reason: the averages follow, the audit log keeps both. */
export async function moderateReview(
  db: Db,
  adminId: string,
  reviewId: string,
  action: 'hide' | 'show',
  reason: string,
): Promise<ReviewRow> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const hide = action === 'hide';
    // Only paid work is rated: a review of an order never paid stays hidden until the order is paid.
    if (!hide) {
      const [reviewed] = await tx
        .select({ paymentId: orders.paymentId, pricePaise: orders.pricePaise })
        .from(reviews)
        .innerJoin(orders, eq(orders.id, reviews.orderId))
        .where(eq(reviews.id, reviewId));
      if (reviewed && !(await isPaidWork(tx, reviewed))) throw conflict(REVIEW_MESSAGES.unpaidStaysHidden);
    }
    const [row] = await tx
      .update(reviews)
      .set(hide ? { hiddenAt: sql`now()`, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
      .where(and(eq(reviews.id, reviewId), hide ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
      if (!exists) throw notFound(REVIEW_MESSAGES.notFound);
      throw conflict(hide ? REVIEW_MESSAGES.alreadyHidden : REVIEW_MESSAGES.notHidden);
    }
    await countReview(tx, row, hide ? -1 : 1);
    await tx
      .insert(reviewModerationEvents)
      .values({ reviewId, action: hide ? 'hidden' : 'shown', reason, adminId });
    return row;
  });
}

const author = alias(users, 'review_author');
const editor = alias(users, 'review_editor');

const reviewColumns = {
  review: reviews,
  author: author.username,
  editor: editor.username,
  orderTitle: orders.title,
  orderNumber: orders.number,
};
type ReviewRecord = {
  review: ReviewRow;
  author: string;
  editor: string;
  orderTitle: string;
  orderNumber: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReview(r: ReviewRecord, viewerId?: string): Review {
  const v = r.review;
  return {
    _id: v.id,
    rating: v.rating,
    communication: v.communication,
    quality: v.quality,
    onTime: v.onTime,
    text: v.text,
    reply: v.reply,
    repliedAt: iso(v.repliedAt),
    createdAt: v.createdAt.toISOString(),
    author: r.author,
    orderTitle: r.orderTitle,
    ...(viewerId && viewerId === v.editorId ? { canReply: v.reply === null } : {}),
  };
}

function selectReviews(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(author, eq(author.id, reviews.creatorId))
    .innerJoin(editor, eq(editor.id, reviews.editorId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset) as Promise<ReviewRecord[]>;
}

export async function findReview(db: Db, reviewId: string, viewerId?: string): Promise<Review> {
  const [record] = await selectReviews(db, eq(reviews.id, reviewId), { limit: 1, offset: 0 });
  if (!record) throw notFound(REVIEW_MESSAGES.notFound);
  return toReview(record, viewerId);
}

/** A live editor's visible reviews, newest first (reviews_editor_visible_idx), with the summary. */
export async function listEditorReviews(
  db: Db,
  editorId: string,
  page: { page: number; limit: number },
  viewerId?: string,
): Promise<EditorReviewsReply> {
  if (!isUuid(editorId)) throw notFound(REVIEW_MESSAGES.notFound);
  const [live] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, editorId), eq(users.role, 'editor'), isNull(users.deletedAt)));
  if (!live) throw notFound('Editor not found or deleted');
  const [rows, summary] = await Promise.all([
    selectReviews(db, and(eq(reviews.editorId, editorId), isNull(reviews.hiddenAt)), {
      limit: page.limit,
      offset: (page.page - 1) * page.limit,
    }),
    ratingSummary(db, editorId),
  ]);
  // The summary's count is the visible reviews: the list's total without counting them again.
  const total = summary.count;
  return {
    data: rows.map((r) => toReview(r, viewerId)),
    page: page.page,
    limit: page.limit,
    total,
    hasMore: page.page * page.limit < total,
    summary,
  };
}

const admin = alias(users, 'moderating_admin');

/** Every review for admins, hidden ones included, with who hid or showed it and why. */
export async function listReviewsForAdmin(
  db: Db,
  query: { status: 'all' | 'visible' | 'hidden'; page: number; limit: number },
): Promise<AdminReviewPage> {
  const where =
    query.status === 'hidden'
      ? isNotNull(reviews.hiddenAt)
      : query.status === 'visible'
        ? isNull(reviews.hiddenAt)
        : undefined;
  const [rows, [total]] = await Promise.all([
    selectReviews(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  const data = await withHistory(db, rows);
  const n = Number(total?.n ?? 0);
  return { data, page: query.page, limit: query.limit, total: n, hasMore: query.page * query.limit < n };
}

export async function findReviewForAdmin(db: Db, reviewId: string): Promise<AdminReview> {
  const rows = await selectReviews(db, eq(reviews.id, reviewId), { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound(REVIEW_MESSAGES.notFound);
  return (await withHistory(db, rows))[0]!;
}

/** The page's audit logs in one query. */
async function withHistory(db: Db, rows: ReviewRecord[]): Promise<AdminReview[]> {
  const ids = rows.map((r) => r.review.id);
  const events = ids.length
    ? await db
        .select({ event: reviewModerationEvents, admin: admin.username })
        .from(reviewModerationEvents)
        .leftJoin(admin, eq(admin.id, reviewModerationEvents.adminId))
        .where(inArray(reviewModerationEvents.reviewId, ids))
        .orderBy(reviewModerationEvents.createdAt)
    : [];
  return rows.map((r) => ({
    ...toReview(r),
    editor: { _id: r.review.editorId, username: r.editor },
    creator: { _id: r.review.creatorId, username: r.author },
    orderId: r.review.orderId,
    orderReference: orderReference(r.orderNumber),
    hidden: r.review.hiddenAt !== null,
    hiddenReason: r.review.hiddenReason,
    history: events
      .filter((e) => e.event.reviewId === r.review.id)
      .map((e) => ({
        action: e.event.action,
        reason: e.event.reason,
        admin: e.admin ?? null,
        createdAt: e.event.createdAt.toISOString(),
      })),
  }));
}
