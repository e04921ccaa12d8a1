import { eq } from 'drizzle-orm';
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

/** Where each role changes its e-mail settings (web app paths). */
export const settingsPath = (role: string) =>
  role === 'admin' ? '/admin/dashboard/notifications' : '/profile/notifications';

/**
 * Sends one notification's e-mail. Checked again at send time (address, preference: an unsubscribe
 * meanwhile is honoured); stamped `emailed_at` once sent, so a job run again does not send it twice.
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
      await db.update(notifications).set({ emailedAt: new Date() }).where(eq(notifications.id, n.id));
    },
  };
}
