import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  ALWAYS_SENT_KINDS,
  NOTIFICATION_CREATED_EVENT,
  type AppNotification,
  type NotificationKind,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema';
import type { JobRow, JobRunner } from '../../lib/jobs';
import { userChannel, type AppIo } from '../../plugins/realtime';
import type { MailData } from './mail/types';
import { toNotification } from './shape';
import { markSubjectRead, type NoticeSubject } from './unread';

export const MAIL_JOB = 'notify.mail';

/** One line for one person; `dedupeKey` makes an event one line however often its producer runs. */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  roomId?: string | null;
  orderId?: string | null;
  dedupeKey: string;
  /** The e-mail of this line; omitted for lines that are only in the app. */
  mail?: MailData | null;
}

/** Whether the person gets this kind by e-mail: an address, not deleted, and not turned off. */
export async function mailWanted(db: Db, userIds: string[]): Promise<Map<string, Set<string> | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, off: notificationSettings.emailOff })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
  // null: no mail at all (no address); else the kinds turned off.
  return new Map(rows.map((r) => [r.id, r.email ? new Set(r.off ?? []) : null]));
}

export const wantsKind = (off: Set<string> | null | undefined, kind: NotificationKind) =>
  off !== null && off !== undefined && (ALWAYS_SENT_KINDS.includes(kind) || !off.has(kind));

/** A person's settings row, made on first need (its unsubscribe key is random per person). */
export async function settingsOf(db: Db, userId: string) {
  await db
    .insert(notificationSettings)
    .values({ userId, unsubscribeKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row!;
}

/**
 * Turns events into lines in people's bells, their e-mails into durable jobs (one transaction), and tells
 * the people's open tabs. Never throws: a notification that cannot be filed is logged, and the action that
 * caused it stands.
 */
export class Notifier {
  constructor(
    private readonly db: Db,
    private readonly io: AppIo,
    private readonly jobs: JobRunner,
    private readonly log: FastifyBaseLogger,
  ) {}

  async notify(items: NotificationInput[]): Promise<void> {
    if (items.length === 0) return;
    try {
      const wanted = await mailWanted(this.db, [...new Set(items.map((i) => i.userId))]);
      const queued: JobRow[] = [];
      const created = await this.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const rows = await tx
          .insert(notifications)
          .values(
            items.map((i) => ({
              userId: i.userId,
              kind: i.kind,
              title: i.title.slice(0, 200),
              body: i.body.slice(0, 1000),
              link: i.link,
              roomId: i.roomId ?? null,
              orderId: i.orderId ?? null,
              dedupeKey: i.dedupeKey,
              mail: (i.mail ?? null) as Record<string, unknown> | null,
            })),
          )
          .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
          .returning();
        for (const row of rows) {
          if (!row.mail || !wantsKind(wanted.get(row.userId), row.kind)) continue;
          queued.push(await this.jobs.enqueue(MAIL_JOB, { notificationId: row.id }, { db: tx }));
        }
        return rows;
      });
      for (const job of queued) this.jobs.dispatch(job);
      for (const row of created) {
        const line: AppNotification = toNotification(row);
        this.io.to(userChannel(row.userId)).emit(NOTIFICATION_CREATED_EVENT, line);
      }
    } catch (err) {
      this.log.error({ err, kinds: items.map((i) => i.kind) }, 'notifications not filed');
    }
  }

  /** The same line for every admin (support tickets, flagged messages). */
  async notifyAdmins(make: (adminId: string) => NotificationInput): Promise<void> {
    try {
      const admins = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
      await this.notify(admins.map((a) => make(a.id)));
    } catch (err) {
      this.log.error({ err }, 'admin notifications not filed');
    }
  }

  /**
   * The person acted on what some of their lines are about (opened or answered the room, accepted or paid
   * the order…): those lines are read, and every tab of theirs hears the new figure. Called once per action,
   * in the request that acted; never throws (the action stands whatever happens here).
   */
  async markReadFor(userId: string, subject: NoticeSubject): Promise<void> {
    try {
      await markSubjectRead(this.db, this.io, userId, subject);
    } catch (err) {
      this.log.error({ err, userId, subject }, 'notifications not marked read');
    }
  }

  /** "Away": no connected socket of this person on any instance (through the adapter with Redis). */
  async isAway(userId: string): Promise<boolean> {
    const sockets = await this.io.in(userChannel(userId)).fetchSockets();
    return sockets.length === 0;
  }
}

/** The notifier of a running app: made once by the notifications module (plugin.ts), decorated on the app. */
export function notifier(app: FastifyInstance): Notifier {
  return app.notifier;
}
