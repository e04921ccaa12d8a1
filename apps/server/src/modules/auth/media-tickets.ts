import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/**
 * Media tickets: a <video> element or a download cannot send the Bearer header, and the session
 * cookie may be missing (SPEC.md §4 keeps the token in local storage). So URLs we hand out carry a
 * ticket: `{sessionId}.{expires}.{signature}`, signed with the secret hash of that session's token.
 * It names one file (of a delivery, or of an order), dies with the session or at `expires`, and the server still
 * checks what the ticket's user may do on every request that presents it.
 */
export type TicketPurpose = 'preview' | 'poster' | 'final' | 'order-file' | 'order-archive';

export interface TicketUser {
  id: string;
  role: Role;
  sessionId: string;
}

const signature = (
  tokenHash: string,
  purpose: TicketPurpose,
  subjectId: string,
  sessionId: string,
  expires: number,
) =>
  createHmac('sha256', tokenHash)
    .update(`${purpose}:${subjectId}:${sessionId}:${expires}`)
    .digest('base64url');

async function liveSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash, userId: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A signer for one session (one query), for every URL of one reply. */
export async function ticketSigner(db: Db, sessionId: string) {
  const session = await liveSession(db, sessionId);
  return (purpose: TicketPurpose, subjectId: string, expires: Date): string | null => {
    if (!session) return null;
    const at = Math.floor(expires.getTime() / 1000);
    return `${sessionId}.${at}.${signature(session.tokenHash, purpose, subjectId, sessionId, at)}`;
  };
}

/** The user a ticket speaks for, or null when it is forged, expired, for another file, or its session ended. */
export async function verifyTicket(
  db: Db,
  ticket: string,
  purpose: TicketPurpose,
  subjectId: string,
): Promise<TicketUser | null> {
  // The session id must be a real UUID: the database refuses anything else with an error, not a miss.
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([\w-]{43})$/i.exec(
    ticket,
  );
  if (!m) return null;
  const [, sessionId, expiresText, given] = m as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (expires * 1000 <= Date.now()) return null;
  const session = await liveSession(db, sessionId);
  if (!session) return null;
  const expected = Buffer.from(signature(session.tokenHash, purpose, subjectId, sessionId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { id: session.userId, role: session.role, sessionId };
}

const HOUR = 60 * 60 * 1000;

/**
 * Preview URLs stay the same for a six-hour window (so a refreshed list does not reload a playing
 * video) and are always good for at least six more hours.
 */
export function previewTicketExpiry(now = Date.now()): Date {
  const window = 6 * HOUR;
  return new Date(Math.ceil(now / window) * window + window);
}

/** Download links to an original are short-lived. */
export const FINAL_LINK_TTL_MS = 10 * 60 * 1000;
