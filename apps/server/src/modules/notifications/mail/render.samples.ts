import { ALWAYS_SENT_KINDS, type NotificationKind } from '@cutroom/contracts';
import type { MailContext, MailData } from './types';

// The mail tests' data: one filled-in mail of every kind and the contexts they are sent in, apart from
// the tests so that a new kind's sample is written (and reviewed) in one place.

export const PUBLIC_URL = 'https://cutroom.example';
export const ctx: MailContext = {
  recipient: 'asha_creates',
  publicUrl: PUBLIC_URL,
  unsubscribeUrl: `${PUBLIC_URL}/api/notifications/unsubscribe?token=tok_abc.123`,
  settingsUrl: `${PUBLIC_URL}/settings/notifications`,
};
export const securityCtx: MailContext = { ...ctx, unsubscribeUrl: null };
export const ctxFor = (kind: NotificationKind) => (ALWAYS_SENT_KINDS.includes(kind) ? securityCtx : ctx);

const PAID_AT = '2026-03-05T10:00:00.000Z';
const PAID_AT_IST = '5 Mar 2026, 3:30 pm IST';

type Sample<K extends NotificationKind> = {
  data: Extract<MailData, { kind: K }>;
  subject: string;
  /** Facts the HTML and the text part both carry. */
  facts: string[];
};

/** One sample mail per kind: adding a kind to the contracts without a sample fails to compile. */
export const samples: { [K in NotificationKind]: Sample<K> } = {
  new_messages: {
    data: {
      kind: 'new_messages',
      counterpart: 'ravi_edits',
      count: 4,
      excerpts: ['Sent the first cut', 'Can you check the music?'],
      link: '/chat?roomId=7f3c',
    },
    subject: '4 new messages from ravi_edits',
    facts: ['Sent the first cut', 'Can you check the music?', '…and 2 more.'],
  },
  offer_received: {
    data: {
      kind: 'offer_received',
      editor: 'ravi_edits',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      amount: 14999,
      deliveryDays: 5,
      revisions: 2,
      link: '/orders/9a1b',
    },
    subject: 'New offer from ravi_edits: Wedding highlights reel',
    facts: ['₹14,999', '5 days', '2 revisions', 'CR-1042', 'Wedding highlights reel'],
  },
  order_paid: {
    data: {
      kind: 'order_paid',
      side: 'creator',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      amount: 150000,
      paidAt: PAID_AT,
      counterpart: 'ravi_edits',
      paymentRef: 'order_Q9xYz123',
      link: '/orders/9a1b',
    },
    subject: 'Receipt for CR-1042: ₹1,50,000',
    facts: ['CR-1042', 'Wedding highlights reel', 'ravi_edits', '₹1,50,000', PAID_AT_IST, 'order_Q9xYz123'],
  },
  delivery_ready: {
    data: {
      kind: 'delivery_ready',
      editor: 'ravi_edits',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      deliveryNumber: 2,
      link: '/orders/9a1b/deliveries',
    },
    subject: 'Delivery #2 for CR-1042 is ready for review',
    facts: ['delivery #2', 'CR-1042', 'approve it or ask for changes'],
  },
  footage_added: {
    data: {
      kind: 'footage_added',
      creator: 'asha_creates',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      fileName: 'ceremony-cam-A.mov',
      size: '14.2 GB',
      link: '/chat?roomId=9a1b',
    },
    subject: 'New footage for CR-1042: ceremony-cam-A.mov',
    facts: ['asha_creates', 'CR-1042', 'ceremony-cam-A.mov', '14.2 GB'],
  },
  files_expiring: {
    data: {
      kind: 'files_expiring',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      count: 3,
      deleteAt: PAID_AT,
      link: '/chat?roomId=9a1b',
    },
    subject: `The footage of CR-1042 is deleted on ${PAID_AT_IST}`,
    facts: ['CR-1042', 'Wedding highlights reel', '3 files', PAID_AT_IST],
  },
  changes_requested: {
    data: {
      kind: 'changes_requested',
      creator: 'asha_creates',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      deliveryNumber: 1,
      note: 'Please make the intro shorter\nand the music softer',
      link: '/orders/9a1b',
    },
    subject: 'Changes requested on CR-1042',
    facts: ['Please make the intro shorter', 'and the music softer', 'delivery #1', 'CR-1042'],
  },
  auto_complete_soon: {
    data: {
      kind: 'auto_complete_soon',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      completesAt: PAID_AT,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 completes automatically tomorrow',
    facts: [PAID_AT_IST, 'approve it or ask for changes before then', 'CR-1042'],
  },
  order_completed: {
    data: {
      kind: 'order_completed',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      counterpart: 'asha_creates',
      automatic: true,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 is completed',
    facts: ['completed automatically', 'CR-1042', 'Wedding highlights reel'],
  },
  cancellation_requested: {
    data: {
      kind: 'cancellation_requested',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      by: 'editor',
      counterpart: 'ravi_cuts',
      reason: 'The footage never arrived',
      respondBy: PAID_AT,
      link: '/orders/9a1b',
    },
    subject: `ravi_cuts proposes cancelling CR-1042: answer by ${PAID_AT_IST}`,
    facts: ['The footage never arrived', PAID_AT_IST, 'cancelled automatically', 'full refund'],
  },
  extension_requested: {
    data: {
      kind: 'extension_requested',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      editor: 'ravi_cuts',
      days: 2,
      reason: 'The drone footage needs stabilising',
      respondBy: PAID_AT,
      link: '/chat?roomId=9a1b',
    },
    subject: `ravi_cuts asks for 2 more days on CR-1042: answer by ${PAID_AT_IST}`,
    facts: ['The drone footage needs stabilising', PAID_AT_IST, 'the due date stays'],
  },
  extension_answered: {
    data: {
      kind: 'extension_answered',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      creator: 'asha_vlogs',
      outcome: 'accepted',
      days: 2,
      dueAt: PAID_AT,
      link: '/chat?roomId=9a1b',
    },
    subject: 'CR-1042 now has 2 more days',
    facts: ['asha_vlogs', PAID_AT_IST, 'on-time record'],
  },
  settlement_proposed: {
    data: {
      kind: 'settlement_proposed',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      by: 'creator',
      counterpart: 'asha_vlogs',
      amount: 4000,
      paid: 6999,
      refund: 2999,
      reason: 'Only the first half is usable',
      respondBy: PAID_AT,
      link: '/chat?roomId=9a1b',
    },
    subject: `asha_vlogs proposes completing CR-1042 at ₹4,000: answer by ${PAID_AT_IST}`,
    facts: ['Only the first half is usable', '₹4,000', '₹6,999', '₹2,999', PAID_AT_IST],
  },
  settlement_answered: {
    data: {
      kind: 'settlement_answered',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      counterpart: 'ravi_cuts',
      outcome: 'declined',
      amount: 4000,
      link: '/chat?roomId=9a1b',
    },
    subject: 'ravi_cuts declined completing CR-1042 at ₹4,000',
    facts: ['ravi_cuts', '₹4,000', 'goes on'],
  },
  dispute_opened: {
    data: {
      kind: 'dispute_opened',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      by: 'creator',
      counterpart: 'asha_vlogs',
      reason: 'Not as described',
      statement: 'The brief asked for a vertical cut; this is horizontal.',
      respondBy: PAID_AT,
      link: '/chat?roomId=9a1b',
    },
    subject: `asha_vlogs opened a dispute on CR-1042: answer by ${PAID_AT_IST}`,
    facts: ['Not as described', 'vertical cut', PAID_AT_IST, 'Cutroom support'],
  },
  dispute_updated: {
    data: {
      kind: 'dispute_updated',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      step: 'answered',
      counterpart: 'ravi_cuts',
      link: '/chat?roomId=9a1b',
    },
    subject: 'ravi_cuts answered the dispute on CR-1042',
    facts: ['ravi_cuts', 'answered', 'CR-1042'],
  },
  dispute_decided: {
    data: {
      kind: 'dispute_decided',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      decision: 'Partial refund to the creator',
      refund: 2500,
      note: 'The second half did not follow the brief.',
      link: '/chat?roomId=9a1b',
    },
    subject: 'The dispute on CR-1042 was decided: Partial refund to the creator',
    facts: ['Partial refund to the creator', '₹2,500', 'did not follow the brief'],
  },
  dispute_escalated: {
    data: { kind: 'dispute_escalated', orderRef: 'CR-1042', reason: 'Quality', link: '/admin/disputes/d1' },
    subject: 'A dispute on CR-1042 waits for a decision',
    facts: ['CR-1042', 'Quality'],
  },
  order_cancelled: {
    data: {
      kind: 'order_cancelled',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      by: 'editor',
      refundAmount: 1499.5,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 was cancelled',
    facts: ['cancelled by the editor', 'A refund of ₹1,499.50 is on its way', 'CR-1042'],
  },
  refund_issued: {
    data: {
      kind: 'refund_issued',
      orderRef: 'CR-1042',
      amount: 1499,
      paymentRef: 'order_Q9xYz123',
      link: '/payments',
    },
    subject: 'Refund of ₹1,499 is on its way',
    facts: ['₹1,499', 'CR-1042', 'order_Q9xYz123'],
  },
  password_changed: {
    data: { kind: 'password_changed', username: 'asha_creates', at: PAID_AT, link: '/forgot-password' },
    subject: 'Your Cutroom password was changed',
    facts: [PAID_AT_IST, "If this wasn't you, reset your password now", 'Reset your password now'],
  },
  payout_details_changed: {
    data: {
      kind: 'payout_details_changed',
      username: 'ravi_cuts',
      at: PAID_AT,
      masked: 'A/c •••• 1234 · HDFC0001234',
      heldUntil: PAID_AT,
      link: '/profile/earnings',
    },
    subject: 'Your Cutroom payout details were changed',
    facts: ['A/c •••• 1234 · HDFC0001234', PAID_AT_IST, "If this wasn't you"],
  },
  support_ticket: {
    data: { kind: 'support_ticket', name: 'Meera', subject: 'Payment stuck', link: '/admin/support/t1' },
    subject: 'New support ticket from Meera',
    facts: ['Meera', 'Payment stuck'],
  },
  message_flagged: {
    data: {
      kind: 'message_flagged',
      reason: 'Asks to continue on WhatsApp',
      source: 'chat',
      link: '/admin/moderation',
    },
    subject: 'A message was flagged for review',
    facts: ['Asks to continue on WhatsApp', 'chat'],
  },
};

/** Second steps told under an existing kind (a request or proposal withdrawn): their own wording. */
export const stepSamples: Sample<NotificationKind>[] = [
  {
    data: {
      kind: 'extension_requested',
      step: 'withdrawn',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      editor: 'ravi_cuts',
      days: 2,
      link: '/chat?roomId=9a1b',
    },
    subject: 'ravi_cuts withdrew the request for more time on CR-1042',
    facts: ['ravi_cuts', '2 more days', 'the due date stays'],
  },
];
