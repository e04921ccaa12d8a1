import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ALWAYS_SENT_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { settingsOf } from './notifier';

/**
 * One-click unsubscribe (RFC 8058): every mail names `{userId}.{kind}.{signature}`, signed with the
 * person's own random key, so the link works without a login and only for that person and kind.
 */
const sign = (key: string, userId: string, kind: string) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);

export async function unsubscribeToken(db: Db, userId: string, kind: NotificationKind): Promise<string> {
  const settings = await settingsOf(db, userId);
  return `${userId}.${kind}.${sign(settings.unsubscribeKey, userId, kind)}`;
}

/** Turns the kind off for the token's person; the same answer for any token that is not valid. */
export async function unsubscribe(db: Db, token: string): Promise<string> {
  const invalid = () => badRequest(NOTIFICATION_MESSAGES.invalidLink);
  const [userId, kind, signature] = token.split('.');
  if (!userId || !kind || !signature || !(NOTIFICATION_KINDS as readonly string[]).includes(kind))
    throw invalid();
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw invalid();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) throw invalid();
  const expected = Buffer.from(sign(row.unsubscribeKey, userId, kind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const k = kind as NotificationKind;
  if (ALWAYS_SENT_KINDS.includes(k)) throw badRequest(NOTIFICATION_MESSAGES.locked);
  await db
    .update(notificationSettings)
    .set({
      emailOff: sql`array(select distinct unnest(${notificationSettings.emailOff} || array[${k}]::text[]))`,
      updatedAt: new Date(),
    })
    .where(eq(notificationSettings.userId, userId));
  return NOTIFICATION_MESSAGES.unsubscribed(NOTIFICATION_KIND_LABELS[k]);
}
