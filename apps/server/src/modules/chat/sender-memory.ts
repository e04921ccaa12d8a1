import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages } from '../../db/schema';

/** How far back a sender's messages join a new one for the contact-detail check. */
const LOOK_BACK_MESSAGES = 4;
const LOOK_BACK_MS = 10 * 60_000;
/** Only the room's newest messages are searched for the sender's: a bounded index range, however old the room. */
const ROOM_WINDOW = 50;
/** A memory loaded this long ago is reloaded: another instance may have stored the sender's messages since. */
const FRESH_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  loadedAt: number;
  messages: { content: string; at: number }[];
}

/**
 * Each sender's last few messages per room, so a phone number or address typed in pieces ("98765", then
 * "43210") is checked whole. Held per instance: loaded from the database on first use and every 30 s after,
 * and kept current by this instance's own writes in between (no query per message).
 */
export class SenderMemory {
  private readonly entries = new Map<string, Entry>();

  /** The sender's recent messages in the room, oldest first. */
  async earlier(db: Db, roomId: string, senderId: string): Promise<string[]> {
    const key = `${roomId}:${senderId}`;
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || now - entry.loadedAt > FRESH_MS) {
      entry = { loadedAt: now, messages: await load(db, roomId, senderId) };
      this.put(key, entry);
    }
    return entry.messages.filter((m) => now - m.at <= LOOK_BACK_MS).map((m) => m.content);
  }

  /** A message this instance just stored. */
  remember(roomId: string, senderId: string, content: string): void {
    const key = `${roomId}:${senderId}`;
    const entry = this.entries.get(key);
    // Without an entry the next check loads from the database, which has this message.
    if (!entry) return;
    entry.messages.push({ content, at: Date.now() });
    if (entry.messages.length > LOOK_BACK_MESSAGES) entry.messages.shift();
  }

  private put(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

async function load(db: Db, roomId: string, senderId: string): Promise<{ content: string; at: number }[]> {
  const recent = db
    .select({
      content: chatMessages.content,
      senderId: chatMessages.senderId,
      kind: chatMessages.kind,
      sentAt: chatMessages.sentAt,
      seq: chatMessages.seq,
    })
    .from(chatMessages)
    .where(eq(chatMessages.chatRoomId, roomId))
    .orderBy(desc(chatMessages.seq))
    .limit(ROOM_WINDOW)
    .as('recent');
  const rows = await db
    .select({ content: recent.content, sentAt: recent.sentAt })
    .from(recent)
    .where(
      and(
        eq(recent.senderId, senderId),
        eq(recent.kind, 'text'),
        gt(recent.sentAt, sql`now() - make_interval(secs => ${LOOK_BACK_MS / 1000})`),
      ),
    )
    .orderBy(desc(recent.seq))
    .limit(LOOK_BACK_MESSAGES);
  return rows.reverse().map((r) => ({ content: r.content, at: r.sentAt.getTime() }));
}
