import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ALWAYS_SENT_KINDS,
  NOTIFICATION_KINDS_BY_ROLE,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationsPage,
  type NotificationsQuery,
  type NotificationSummary,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms, notifications, notificationSettings, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { AppIo } from '../../plugins/realtime';
import { settingsOf } from './notifier';
import { announceRead, unreadCount } from './unread';
import { toNotification } from './shape';

/** A text[] literal of parameters (drizzle would spread a bare array into a list). */
const textArray = (items: string[]) =>
  items.length
    ? sql`array[${sql.join(
        items.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

type Person = { id: string; role: 'creator' | 'editor' | 'admin' };

/** The person's bell, newest first. */
export async function listNotifications(
  db: Db,
  me: Person,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const after = query.cursor
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select created_at, id from notifications where id = ${query.cursor} and user_id = ${me.id})`
    : undefined;
  if (query.cursor) {
    const [exists] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, query.cursor), eq(notifications.userId, me.id)));
    if (!exists) throw badRequest('Invalid cursor');
  }
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), after))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit + 1),
    unreadCount(db, me.id),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(toNotification),
    nextCursor: rows.length > query.limit ? page.at(-1)!.id : null,
    unreadCount: unread,
  };
}

/**
 * The badges: unread bell lines (the bell's figure, which the tab title shows too), and unread chat
 * messages from the other member of the person's rooms (the Chat button's own figure, never added to the
 * bell's: a message that waits while the person is away reaches the bell as its room's summary line).
 */
export async function summary(db: Db, me: Person): Promise<NotificationSummary> {
  let unreadMessages = 0;
  if (me.role !== 'admin') {
    const mine = me.role === 'creator' ? chatRooms.creatorId : chatRooms.editorId;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.chatRoomId))
      .where(
        and(
          eq(mine, me.id),
          eq(chatMessages.read, false),
          ne(chatMessages.senderId, me.id),
          eq(chatMessages.kind, 'text'),
        ),
      );
    unreadMessages = Number(row?.n ?? 0);
  }
  return { unreadCount: await unreadCount(db, me.id), unreadMessages };
}

/** Marks one line (or all) read and tells every tab of the person. */
export async function markRead(
  db: Db,
  io: AppIo,
  me: Person,
  id: string | null,
): Promise<{ unreadCount: number }> {
  const mine = eq(notifications.userId, me.id);
  if (id) {
    const [row] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(mine, eq(notifications.id, id)));
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  }
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined));
  return { unreadCount: await announceRead(db, io, me.id, id ? [id] : null) };
}

export async function preferences(db: Db, me: Person): Promise<NotificationPreferences> {
  const settings = await settingsOf(db, me.id);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
  const kinds = [...NOTIFICATION_KINDS_BY_ROLE[me.role]] as NotificationKind[];
  return {
    email: Object.fromEntries(
      kinds.map((k) => [k, ALWAYS_SENT_KINDS.includes(k) || !settings.emailOff.includes(k)]),
    ),
    kinds,
    locked: kinds.filter((k) => ALWAYS_SENT_KINDS.includes(k)),
    hasEmail: Boolean(user?.email),
  };
}

export async function savePreferences(
  db: Db,
  me: Person,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const allowed = NOTIFICATION_KINDS_BY_ROLE[me.role] as readonly NotificationKind[];
  const entries = Object.entries(input.email) as [NotificationKind, boolean][];
  for (const [kind, on] of entries) {
    if (!allowed.includes(kind)) throw badRequest(`This account does not get "${kind}" notifications`);
    if (!on && ALWAYS_SENT_KINDS.includes(kind)) throw badRequest(NOTIFICATION_MESSAGES.locked);
  }
  await settingsOf(db, me.id);
  const on = entries.filter(([, v]) => v).map(([k]) => k);
  const off = entries.filter(([, v]) => !v).map(([k]) => k);
  // One statement, so two saves (or a save and an unsubscribe) at once never undo each other.
  await db
    .update(notificationSettings)
    .set({
      emailOff: sql`array(select distinct k from unnest(${notificationSettings.emailOff} || ${textArray(off)}) as k where k <> all(${textArray(on)}))`,
      updatedAt: new Date(),
    })
    .where(eq(notificationSettings.userId, me.id));
  return preferences(db, me);
}
