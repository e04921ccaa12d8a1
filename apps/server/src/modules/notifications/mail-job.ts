import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ALWAYS_SENT_KINDS } from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { JobDefinition } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { renderNotificationMail } from './mail/render';
import type { MailData } from './mail/types';
import { settingsOf } from './notifier';
import { unsubscribeToken } from './unsubscribe';

/** A send taking longer than this (a hung SMTP server) is taken to have failed: another runner may send. */
const SEND_LEASE_SECONDS = 120;

/** Where each role changes its e-mail settings (web app paths). */
export const settingsPath = (role: string) =>
  role === 'admin' ? '/admin/dashboard/notifications' : '/profile/notifications';

/**
 * Sends one notification's e-mail. Checked again at send time (address, preference: an unsubscribe
 * meanwhile is honoured); a runner holds a two-minute lease on the mail while it sends, and stamps
 * `emailed_at` once sent, so a job run again, or run by another server meanwhile, does not send it
 * twice. Only a crash between the SMTP server's acceptance and the stamp can send a mail twice.
 * SMTP failures are retried with backoff by the job runner, never by the request that caused the mail.
 */
export function mailJob(deps: {
  db: Db;
  mailer: Mailer;
  config: Config;
}): JobDefinition<{ notificationId: string }> {
  const retry = deps.config.NOTIFY_MAIL_RETRY_SECONDS * 1000;
  return {
    timeoutMs: 60_000,
    maxAttempts: 10,
    backoff: { baseMs: retry, maxMs: Math.max(retry, 10 * 60_000) },
    async handler({ notificationId }) {
      const { db, config } = deps;
      const [row] = await db
        .select({
          n: notifications,
          email: users.email,
          username: users.username,
          role: users.role,
          deletedAt: users.deletedAt,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, notificationId));
      if (!row || row.n.emailedAt || !row.n.mail || !row.email || row.deletedAt) return;
      const { n } = row;
      const always = ALWAYS_SENT_KINDS.includes(n.kind);
      const settings = await settingsOf(db, n.userId);
      if (!always && settings.emailOff.includes(n.kind)) return;
      // Only one runner sends a mail at a time: a server stopping mid-send may still finish its send,
      // and the next server's attempt must not send a second copy meanwhile.
      const [claimed] = await db
        .update(notifications)
        .set({ sendingUntil: sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})` })
        .where(
          and(
            eq(notifications.id, n.id),
            isNull(notifications.emailedAt),
            or(isNull(notifications.sendingUntil), lt(notifications.sendingUntil, sql`now()`)),
          ),
        )
        .returning({ id: notifications.id });
      if (!claimed) {
        const [now] = await db
          .select({ emailedAt: notifications.emailedAt })
          .from(notifications)
          .where(eq(notifications.id, n.id));
        if (now?.emailedAt) return;
        throw new Error('another runner is sending this mail; trying again later');
      }
      try {
        const token = always ? null : await unsubscribeToken(db, n.userId, n.kind);
        const base = config.PUBLIC_URL;
        const rendered = await renderNotificationMail(n.mail as unknown as MailData, {
          recipient: row.username,
          publicUrl: base,
          unsubscribeUrl: token ? `${base}/unsubscribe?token=${token}` : null,
          settingsUrl: `${base}${settingsPath(row.role)}`,
        });
        await deps.mailer.send({
          to: row.email,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          headers: token
            ? {
                'List-Unsubscribe': `<${base}/api/notifications/unsubscribe?token=${token}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {},
        });
      } catch (err) {
        // Not sent: the next attempt may send it at once.
        await db.update(notifications).set({ sendingUntil: null }).where(eq(notifications.id, n.id));
        throw err;
      }
      await db
        .update(notifications)
        .set({ emailedAt: new Date(), sendingUntil: null })
        .where(eq(notifications.id, n.id));
    },
  };
}
