import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';

/**
 * The moderation queue (admin): text the contact-detail detector found suspicious but not certain is
 * delivered and flagged here; certain matches are refused outright (contact-details.ts).
 */

/** Where the flagged text was written. */
export const MODERATION_SOURCES = [
  'chat_message',
  'offer',
  'offer_request',
  'order_brief',
  'cancellation',
  'delivery_note',
  'extension_reason',
  'settlement_reason',
  'dispute_statement',
] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];

/** open until an admin dismisses it or acts: removes the message or freezes the room. */
export const MODERATION_STATUSES = ['open', 'dismissed', 'message_removed', 'room_frozen'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_ACTIONS = ['dismiss', 'remove-message', 'freeze-room'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_SOURCE_LABELS: Record<ModerationSource, string> = {
  chat_message: 'Chat message',
  offer: 'Offer',
  offer_request: 'Offer request',
  order_brief: 'Order brief',
  cancellation: 'Cancellation reason',
  delivery_note: 'Delivery note',
  extension_reason: 'Reason for more time',
  settlement_reason: 'Reason for a different amount',
  dispute_statement: 'Dispute statement',
};

/**
 * Where a refused attempt was written: every place the contact-detail screen guards, reviews and the
 * editor's public reply included. Only where, who, when and the kind are kept, never the refused text.
 */
export const REFUSAL_PLACES = [...MODERATION_SOURCES, 'review', 'review_reply'] as const;
export type RefusalPlace = (typeof REFUSAL_PLACES)[number];

export const REFUSAL_PLACE_LABELS: Record<RefusalPlace, string> = {
  ...MODERATION_SOURCE_LABELS,
  review: 'Review',
  review_reply: 'Reply to a review',
};

/** From how many refused attempts a person is listed as a repeat offender. */
export const REPEAT_OFFENDER_MIN_REFUSALS = 2;

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  message_removed: 'Message removed',
  room_frozen: 'Room frozen',
};

/** What a removed chat message reads as, for both members and in the room list. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by Cutroom support.';
/** The chat message kind of a removed message. */
export const REMOVED_MESSAGE_KIND = 'removed';

/** Pushed to every open screen of the room when an admin removes a message: the message as it now is. */
export const MESSAGE_REMOVED_EVENT = 'messageRemoved';
/** Pushed to admins when a new flag is filed, so an open queue refreshes. */
export const MODERATION_FLAGGED_EVENT = 'moderationFlagged';

export const MODERATION_MESSAGES = {
  notFound: 'Flag not found',
  alreadyHandled: 'This flag was already handled by another admin',
  noMessage: 'This flag is not about a chat message',
  messageGone: 'The message no longer exists',
  noRoom: 'This flag has no chat room',
  roomNotActive: 'The room is already frozen or ended',
  loadFailed: 'Could not load the moderation queue',
  dismissed: 'Flag dismissed',
  messageRemoved: 'Message removed',
  roomFrozen: 'Room frozen',
} as const;

export interface ModerationPerson {
  _id: string;
  username: string;
  role: 'creator' | 'editor' | 'admin';
}

export interface ModerationFlag {
  _id: string;
  source: ModerationSource;
  status: ModerationStatus;
  /** The detector's kind of detail ('phone', 'email', 'link', 'handle', …), when it named one. */
  kind: string | null;
  /** Why it was flagged, as the detector put it. */
  reason: string;
  /** The flagged text as it was written (kept even after the message is removed). */
  excerpt: string;
  /** The part of the text the detector matched, when it matched one. */
  match: string | null;
  author: ModerationPerson | null;
  room: {
    _id: string;
    creator: string;
    editor: string;
    isFrozen: boolean;
    isEnded: boolean;
  } | null;
  messageId: string | null;
  order: { _id: string; reference: string } | null;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface ModerationPage {
  data: ModerationFlag[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
  /** Flags still open, across all pages. */
  openCount: number;
}

/** One refused attempt, as the offenders' list shows it. */
export interface ContactRefusal {
  place: RefusalPlace;
  /** The detector's kind ('phone', 'email', 'link', 'handle', …) and its reason, e.g. "Telegram handle". */
  kind: string | null;
  reason: string;
  createdAt: string;
}

/** A person whose contact details were refused at least REPEAT_OFFENDER_MIN_REFUSALS times. */
export interface RepeatOffender {
  person: ModerationPerson;
  /** Refused attempts in all. */
  refusals: number;
  /** … of them in the last 7 days. */
  lastWeek: number;
  lastAt: string;
  /** How many were refused in each place, most first. */
  places: { place: RefusalPlace; count: number }[];
  /** The latest few attempts, newest first. */
  recent: ContactRefusal[];
}

export interface RepeatOffendersPage {
  data: RepeatOffender[];
}

export const repeatOffendersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type RepeatOffendersQuery = z.infer<typeof repeatOffendersQuerySchema>;

/**
 * POST /api/contact-refusals: the page refused a text itself (the same detector runs there) and tells the
 * server, which screens it again with its own detector and puts the attempt on record — the text is read
 * and dropped, never stored. Longest accepted text: the longest field the screen guards.
 */
export const REFUSAL_REPORT_MAX_LENGTH = 5_000;
export const contactRefusalReportSchema = z.object({
  place: z.enum(REFUSAL_PLACES),
  text: z.string().trim().min(1).max(REFUSAL_REPORT_MAX_LENGTH),
  roomId: z.uuid().optional(),
  orderId: z.uuid().optional(),
  reviewId: z.uuid().optional(),
});
export type ContactRefusalReport = z.infer<typeof contactRefusalReportSchema>;

export const moderationQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** The last flag of the previous page. */
  cursor: z.uuid('Invalid cursor').optional(),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

export const moderationFlagParamsSchema = z.object({ id: z.uuid('Flag not found') });
