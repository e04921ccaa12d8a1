import { MODERATION_FLAGGED_EVENT } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { moderationFlags } from '../../db/schema';
import { ADMINS_CHANNEL, type AppIo } from '../../plugins/realtime';
import type { FlagPlace } from '../../events';
import type { Suspicion } from '../../lib/contact-screen';

/** Long enough for any message; bounded so a flag row never carries a huge body twice. */
const EXCERPT_MAX = 4_000;

/** Files a suspicion in the moderation queue (inside the caller's transaction when it passes one). */
export async function fileFlag(db: Db, suspicion: Suspicion, place: FlagPlace): Promise<string> {
  const [row] = await db
    .insert(moderationFlags)
    .values({
      source: place.source,
      kind: suspicion.kind,
      reason: suspicion.reason.slice(0, 300),
      excerpt: suspicion.excerpt.slice(0, EXCERPT_MAX),
      match: suspicion.match?.slice(0, 300) ?? null,
      authorId: place.authorId,
      chatRoomId: place.roomId ?? null,
      messageId: place.messageId ?? null,
      orderId: place.orderId ?? null,
    })
    .returning({ id: moderationFlags.id });
  return row!.id;
}

/** Tells open admin screens that the queue grew (they refetch; the event carries no content). */
export function announceFlag(io: AppIo, flagId: string): void {
  io.to(ADMINS_CHANNEL).emit(MODERATION_FLAGGED_EVENT, { flagId });
}
