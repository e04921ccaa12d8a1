import type { ReactNode } from 'react';
import type { NotificationKind } from '@cutroom/contracts';

/**
 * What each kind of notification e-mail says. Every text in here is already safe to send: usernames are
 * public handles, and any excerpt of what someone wrote has passed the contact-detail detector. No e-mail
 * address of anyone but the recipient ever appears. Amounts are rupees; times are ISO strings (shown in
 * IST). Links are paths of the web app (e.g. `/chat?roomId=…`); the renderer makes them absolute.
 */
export type MailData =
  | {
      kind: 'new_messages';
      counterpart: string;
      count: number;
      /** Up to 3 of the newest messages, each at most 140 characters. */
      excerpts: string[];
      link: string;
    }
  | {
      kind: 'offer_received';
      editor: string;
      orderRef: string;
      title: string;
      amount: number;
      deliveryDays: number;
      revisions: number;
      link: string;
    }
  | {
      kind: 'order_paid';
      /** The creator gets a receipt; the editor is told to start. */
      side: 'creator' | 'editor';
      orderRef: string;
      title: string;
      amount: number;
      paidAt: string;
      /** The other side's public handle. */
      counterpart: string;
      /** The gateway's order id (the receipt's payment reference). */
      paymentRef: string;
      link: string;
    }
  | {
      kind: 'delivery_ready';
      editor: string;
      orderRef: string;
      title: string;
      deliveryNumber: number;
      link: string;
    }
  | {
      kind: 'footage_added';
      creator: string;
      orderRef: string;
      title: string;
      /** The file that arrived first in this hour; more may follow without another mail. */
      fileName: string;
      size: string;
      link: string;
    }
  | {
      kind: 'files_expiring';
      orderRef: string;
      title: string;
      /** How many footage files, and when they are deleted. */
      count: number;
      deleteAt: string;
      link: string;
    }
  | {
      kind: 'changes_requested';
      creator: string;
      orderRef: string;
      title: string;
      deliveryNumber: number;
      /** The creator's note, screened. */
      note: string;
      link: string;
    }
  | { kind: 'auto_complete_soon'; orderRef: string; title: string; completesAt: string; link: string }
  | {
      kind: 'order_completed';
      orderRef: string;
      title: string;
      counterpart: string;
      automatic: boolean;
      link: string;
    }
  | {
      kind: 'cancellation_requested';
      orderRef: string;
      title: string;
      /** The side that proposed it, and its public handle. */
      by: 'creator' | 'editor';
      counterpart: string;
      /** Their reason, screened; null when they gave none. */
      reason: string | null;
      /** When it goes through by itself, unanswered (or lapses, on a disputed order). */
      respondBy: string;
      disputed?: boolean;
      link: string;
    }
  | {
      kind: 'order_cancelled';
      orderRef: string;
      title: string;
      by: 'creator' | 'editor' | 'admin' | 'system';
      /** The side whose proposal the other accepted (a mutual cancellation), if any. */
      proposedBy?: 'creator' | 'editor' | null;
      /** Rupees going back to the creator, when any. */
      refundAmount: number | null;
      link: string;
    }
  | { kind: 'refund_issued'; orderRef: string | null; amount: number; paymentRef: string; link: string }
  | { kind: 'password_changed'; username: string; at: string; link: string }
  | {
      kind: 'payout_details_changed';
      username: string;
      at: string;
      masked: string;
      heldUntil: string;
      link: string;
    }
  | {
      kind: 'extension_requested';
      step: 'withdrawn';
      orderRef: string;
      title: string;
      editor: string;
      days: number;
      link: string;
    }
  | {
      kind: 'extension_requested';
      step?: 'asked';
      orderRef: string;
      title: string;
      editor: string;
      days: number;
      /** The editor's reason, screened. */
      reason: string;
      /** Unanswered by then, the request lapses and the due date stays. */
      respondBy: string;
      link: string;
    }
  | {
      kind: 'extension_answered';
      orderRef: string;
      title: string;
      creator: string;
      outcome: 'accepted' | 'declined' | 'lapsed';
      days: number;
      /** The new due date, when accepted. */
      dueAt: string | null;
      link: string;
    }
  | {
      kind: 'settlement_proposed';
      orderRef: string;
      title: string;
      by: 'creator' | 'editor';
      counterpart: string;
      /** Rupees the order would complete at, and what was paid (after refunds). */
      amount: number;
      paid: number;
      /** Rupees refunded to the creator if accepted. */
      refund: number;
      reason: string | null;
      respondBy: string;
      link: string;
    }
  | {
      kind: 'settlement_answered';
      orderRef: string;
      title: string;
      counterpart: string;
      outcome: 'declined' | 'lapsed' | 'withdrawn';
      amount: number;
      link: string;
    }
  | {
      kind: 'dispute_opened';
      orderRef: string;
      title: string;
      /** The side that opened it, and its public handle. */
      by: 'creator' | 'editor';
      counterpart: string;
      reason: string;
      /** The statement, screened. */
      statement: string;
      respondBy: string;
      link: string;
    }
  | {
      kind: 'dispute_updated';
      orderRef: string;
      title: string;
      step: 'answered' | 'escalated' | 'withdrawn';
      /** The side's public handle; null when the response deadline sent it to Cutroom support. */
      counterpart: string | null;
      link: string;
    }
  | {
      kind: 'dispute_decided';
      orderRef: string;
      title: string;
      decision: string;
      /** Rupees refunded, if any. */
      refund: number | null;
      note: string;
      link: string;
    }
  | { kind: 'dispute_escalated'; orderRef: string; reason: string; link: string }
  | { kind: 'support_ticket'; name: string; subject: string | null; link: string }
  | { kind: 'message_flagged'; reason: string; source: string; link: string };

/** Fails to compile when a kind has no mail. */
export type MailKindsCovered = MailData['kind'] extends NotificationKind
  ? NotificationKind extends MailData['kind']
    ? true
    : never
  : never;

export interface MailContext {
  /** The recipient's public name (handle or username). */
  recipient: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** One-click unsubscribe for this kind; null for mails that cannot be turned off. */
  unsubscribeUrl: string | null;
  /** Where the recipient changes every e-mail setting. */
  settingsUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What one kind of mail says; the layout around it is shared. */
export interface MailTemplate {
  subject: string;
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  /** The button's words; it always leads to the data's link. */
  action: string;
  body: ReactNode;
}

export type Of<K extends MailData['kind']> = Extract<MailData, { kind: K }>;

/** One template per kind: a missing kind fails to compile. */
export type MailTemplates = { [K in MailData['kind']]: (data: Of<K>) => MailTemplate };
