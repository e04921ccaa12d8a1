import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { assessContactDetails } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatDigests, chatMessages, chatRooms, users } from '../../db/schema';
import type { MessageRow, RoomMembers } from './serialize';
import { notifier, type Notifier } from '../notifications';

export const DIGEST_JOB = 'notify.chat-digest';
const EXCERPTS = 3;
const EXCERPT_LENGTH = 140;

/**
 * Rooms and members with a summary already owed, on this instance: later messages skip the database.
 * One per server, held by its chat service (made by the chat module's plugin).
 */
export type OwedDigests = Map<string, number>;

/**
 * A member's message may owe the other member a summary e-mail: the first unread message of a room
 * records one (ten minutes later a job sends it if they are still away and still have not read); every
 * later message finds it there. One row per room and member, so never one mail per message.
 */
export async function noteUnreadMessage(
  app: FastifyInstance,
  local: OwedDigests,
  room: RoomMembers,
  message: MessageRow,
): Promise<void> {
  if (message.kind !== 'text' || !message.senderId) return;
  const recipient = message.senderId === room.creatorId ? room.editorId : room.creatorId;
  const key = `${room.id}:${recipient}`;
  const delayMs = app.config.NOTIFY_DIGEST_SECONDS * 1000;
  if ((local.get(key) ?? 0) > Date.now()) return;
  local.set(key, Date.now() + delayMs);
  if (local.size > 50_000) local.clear();
  const inserted = await app.db
    .insert(chatDigests)
    .values({ roomId: room.id, userId: recipient, fromSeq: message.seq })
    .onConflictDoNothing()
    .returning({ roomId: chatDigests.roomId });
  if (inserted.length === 0) return;
  await app.jobs.enqueue(DIGEST_JOB, { roomId: room.id, userId: recipient }, { delayMs });
}

export function defineDigestJob(app: FastifyInstance): void {
  app.jobs.define<{ roomId: string; userId: string }>(DIGEST_JOB, {
    timeoutMs: 30_000,
    maxAttempts: 5,
    handler: ({ roomId, userId }) => sendDigest(app.db, notifier(app), roomId, userId),
  });
}

/** The owed summary: sent when the member is away and messages are still unread; either way, settled. */
async function sendDigest(db: Db, notify: Notifier, roomId: string, userId: string): Promise<void> {
  // Settled first: a message arriving from now on owes a summary of its own (a new row and job).
  const [owedRow] = await db
    .delete(chatDigests)
    .where(and(eq(chatDigests.roomId, roomId), eq(chatDigests.userId, userId)))
    .returning();
  if (!owedRow) return;
  const unread = and(
    eq(chatMessages.chatRoomId, roomId),
    gte(chatMessages.seq, owedRow.fromSeq),
    eq(chatMessages.read, false),
    eq(chatMessages.kind, 'text'),
    sql`${chatMessages.senderId} is distinct from ${userId}`,
    sql`${chatMessages.senderId} is not null`,
  );
  const [rows, [count], [room]] = await Promise.all([
    db.select().from(chatMessages).where(unread).orderBy(desc(chatMessages.seq)).limit(EXCERPTS),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(unread),
    db
      .select({ creatorId: chatRooms.creatorId, editorId: chatRooms.editorId })
      .from(chatRooms)
      .where(eq(chatRooms.id, roomId)),
  ]);
  const total = Number(count?.n ?? 0);
  if (!room || total === 0 || !(await notify.isAway(userId))) return;
  const counterpartId = room.creatorId === userId ? room.editorId : room.creatorId;
  const [counterpart] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, counterpartId));
  const name = counterpart?.username ?? 'Your contact';
  // Only what the detector lets through word for word; a flagged message is mentioned, not quoted.
  const newest = rows[0]!;
  const excerpts = [...rows]
    .reverse()
    .map((m) =>
      assessContactDetails(m.content).verdict === 'allow'
        ? m.content.length > EXCERPT_LENGTH
          ? `${m.content.slice(0, EXCERPT_LENGTH - 1)}…`
          : m.content
        : '(a message)',
    );
  const link = `/chat?roomId=${roomId}`;
  await notify.notify([
    {
      userId,
      kind: 'new_messages',
      title: `${total} new ${total === 1 ? 'message' : 'messages'} from ${name}`,
      body: excerpts.at(-1) ?? '',
      link,
      roomId,
      dedupeKey: `digest:${roomId}:${newest.seq}`,
      mail: { kind: 'new_messages', counterpart: name, count: total, excerpts, link },
    },
  ]);
}
