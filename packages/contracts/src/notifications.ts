import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';

/**
 * Notifications: every step of an order, new messages and account security reach the person concerned in
 * the app (the bell, live) and, per their preferences, by e-mail.
 */

/** What happened. Each kind is one in-app line and, when the person wants it, one kind of e-mail. */
export const NOTIFICATION_KINDS = [
  'new_messages',
  'offer_received',
  'order_paid',
  'delivery_ready',
  'changes_requested',
  'auto_complete_soon',
  'order_completed',
  'cancellation_requested',
  'order_cancelled',
  'refund_issued',
  'extension_requested',
  'extension_answered',
  'settlement_proposed',
  'settlement_answered',
  'dispute_opened',
  'dispute_updated',
  'dispute_decided',
  'password_changed',
  'payout_details_changed',
  'support_ticket',
  'message_flagged',
  'dispute_escalated',
  'footage_added',
  'files_expiring',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds that are always e-mailed: they cannot be turned off. Security notices, and a proposal to cancel an
 * order, which goes through by itself (with a full refund) when the other side does not answer in time:
 * nobody may miss that deadline because they turned an e-mail off.
 */
export const ALWAYS_SENT_KINDS: readonly NotificationKind[] = [
  'cancellation_requested',
  'dispute_opened',
  'password_changed',
  'payout_details_changed',
];

/** Why a kind is always sent, shown beside its locked switch. */
export const ALWAYS_SENT_REASONS: Partial<Record<NotificationKind, string>> = {
  cancellation_requested: 'Always sent: unanswered, the order is cancelled by itself',
  dispute_opened: 'Always sent: unanswered, the dispute goes to Cutroom support without your side',
  password_changed: 'Security notice: always sent',
  payout_details_changed: 'Security notice: always sent',
};

/** Which kinds each role can receive (the preferences screen lists these). */
export const NOTIFICATION_KINDS_BY_ROLE = {
  creator: [
    'new_messages',
    'offer_received',
    'order_paid',
    'delivery_ready',
    'files_expiring',
    'auto_complete_soon',
    'order_completed',
    'cancellation_requested',
    'order_cancelled',
    'refund_issued',
    'extension_requested',
    'settlement_proposed',
    'settlement_answered',
    'dispute_opened',
    'dispute_updated',
    'dispute_decided',
    'password_changed',
  ],
  editor: [
    'new_messages',
    'order_paid',
    'footage_added',
    'files_expiring',
    'changes_requested',
    'order_completed',
    'cancellation_requested',
    'order_cancelled',
    'extension_answered',
    'settlement_proposed',
    'settlement_answered',
    'dispute_opened',
    'dispute_updated',
    'dispute_decided',
    'password_changed',
    'payout_details_changed',
  ],
  admin: ['support_ticket', 'message_flagged', 'dispute_escalated', 'password_changed'],
} as const satisfies Record<'creator' | 'editor' | 'admin', readonly NotificationKind[]>;

/** The preference screen's words for each kind of e-mail. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  new_messages: 'New messages while you are away (one summary per chat)',
  offer_received: 'A new offer from an editor',
  order_paid: 'An order is paid (your receipt)',
  delivery_ready: 'A delivery is ready for review',
  footage_added: 'The creator adds footage to an order',
  files_expiring: 'An order’s footage is about to be deleted',
  changes_requested: 'The creator asks for changes',
  auto_complete_soon: 'An order completes automatically tomorrow',
  order_completed: 'An order is completed',
  cancellation_requested: 'The other side proposes cancelling an order',
  order_cancelled: 'An order is cancelled',
  refund_issued: 'A refund is on its way',
  extension_requested: 'The editor asks for more time',
  extension_answered: 'The creator answers your request for more time',
  settlement_proposed: 'The other side proposes completing an order for a different amount',
  settlement_answered:
    'The other side declines your proposed amount or withdraws theirs, or yours is not answered',
  dispute_opened: 'The other side opens a dispute on an order',
  dispute_updated: 'A dispute you are part of is answered, sent to Cutroom support or withdrawn',
  dispute_decided: 'Cutroom support decides a dispute',
  dispute_escalated: 'A dispute waits for a decision',
  password_changed: 'Your password was changed',
  payout_details_changed: 'Your payout details were changed',
  support_ticket: 'A new support ticket',
  message_flagged: 'A message is flagged for review',
};

/** One line in the bell. `link` is a path of the web app (e.g. /chat?roomId=…). */
export interface AppNotification {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Lines of one room or one order are shown together. */
  roomId: string | null;
  orderId: string | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationsPage {
  data: AppNotification[];
  /** Pass as `cursor` for older lines; null at the end. */
  nextCursor: string | null;
  /** Unread lines in the bell, across all pages. */
  unreadCount: number;
}

/** The badge figures: the bell's unread lines and the chat's unread messages (all rooms). */
export interface NotificationSummary {
  unreadCount: number;
  unreadMessages: number;
}

export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  /** The last line of the previous page. */
  cursor: z.uuid('Invalid cursor').optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationParamsSchema = z.object({ id: z.uuid('Notification not found') });

/** Which e-mails a person gets. Kinds not listed keep their current setting. */
export interface NotificationPreferences {
  email: Partial<Record<NotificationKind, boolean>>;
  /** Kinds this person can receive, in screen order. */
  kinds: NotificationKind[];
  /** Kinds that cannot be turned off. */
  locked: NotificationKind[];
  /** Whether this account has an e-mail address at all (editors may not). */
  hasEmail: boolean;
}

export const notificationPreferencesInputSchema = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** The one-click unsubscribe token in every mail (signed; no login needed). */
export const unsubscribeInputSchema = z.object({
  token: z
    .string()
    .min(10)
    .max(400)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Invalid unsubscribe link'),
});

/** Pushed to all of a person's tabs. */
export const NOTIFICATION_CREATED_EVENT = 'notificationCreated';
/** Pushed to all of a person's tabs when lines are read anywhere: `ids` null means all of them. */
export const NOTIFICATIONS_READ_EVENT = 'notificationsRead';
export interface NotificationsReadEvent {
  ids: string[] | null;
  unreadCount: number;
}

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  loadFailed: 'Could not load notifications',
  saved: 'Notification settings saved',
  locked: 'This e-mail is always sent and cannot be turned off',
  unsubscribed: (label: string) => `You will no longer get e-mails for: ${label}`,
  invalidLink: 'This unsubscribe link is not valid',
} as const;
