import { inArray } from 'drizzle-orm';
import { MODERATION_SOURCE_LABELS } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { moderationFlags } from '../../db/schema';
import type { Notifier } from '../notifications';

/** Admins hear of new moderation flags (never the flagged text itself, only why). */
export async function notifyFlagsToAdmins(db: Db, notify: Notifier, flagIds: string[]): Promise<void> {
  if (flagIds.length === 0) return;
  const flags = await db
    .select({ id: moderationFlags.id, reason: moderationFlags.reason, source: moderationFlags.source })
    .from(moderationFlags)
    .where(inArray(moderationFlags.id, flagIds));
  const link = '/admin/dashboard/moderation';
  for (const flag of flags) {
    const source = MODERATION_SOURCE_LABELS[flag.source];
    await notify.notifyAdmins((adminId) => ({
      userId: adminId,
      kind: 'message_flagged',
      title: `${source} flagged for review`,
      body: flag.reason,
      link,
      dedupeKey: `flag:${flag.id}`,
      mail: { kind: 'message_flagged', reason: flag.reason, source, link },
    }));
  }
}
