/**
 * Disputes (issue 26): either side of an order says "this is not what we agreed". The other side answers;
 * the two may still settle (more time, a different amount, a cancellation); if they do not, admins
 * decide, and the decision is carried out on the order once. While a dispute is open the order is frozen:
 * it does not complete by itself and the editor's share does not clear.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { ORDER_LIMITS } from './orders/terms';
import { typedText } from './typed-text';

export const DISPUTE_REASONS = [
  'not_as_described',
  'quality',
  'late',
  'no_response',
  'payment',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_as_described: 'Not as described',
  quality: 'Quality',
  late: 'Late',
  no_response: 'No response',
  payment: 'Payment',
  other: 'Other',
};

export const DISPUTE_STATUSES = [
  // Opened; the other side has DISPUTE_RESPONSE_HOURS to answer.
  'awaiting_response',
  // Answered; the two may still settle until the response window ends.
  'answered',
  // Not settled in the window (or a side asked): admins decide.
  'with_admins',
  'decided',
  // The sides agreed: more time, a different amount, a cancellation, or the creator approved.
  'settled',
  'withdrawn',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A dispute in these states freezes its order. */
export const OPEN_DISPUTE_STATUSES: readonly DisputeStatus[] = [
  'awaiting_response',
  'answered',
  'with_admins',
];

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  awaiting_response: 'Waiting for an answer',
  answered: 'Answered',
  with_admins: 'With Cutroom support',
  decided: 'Decided',
  settled: 'Settled by both sides',
  withdrawn: 'Withdrawn',
};

export const DISPUTE_DECISIONS = ['full_refund', 'partial_refund', 'release', 'cancel_no_refund'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const DISPUTE_DECISION_LABELS: Record<DisputeDecision, string> = {
  full_refund: 'Full refund to the creator',
  partial_refund: 'Partial refund to the creator',
  release: 'Released to the editor',
  cancel_no_refund: 'Cancelled without a refund',
};

/** Decisions that count against the editor in the public track record ("disputes lost"). */
export const DISPUTE_LOST_BY_EDITOR: readonly DisputeDecision[] = ['full_refund', 'partial_refund'];

export const DISPUTE_DEFAULTS = { windowDays: 14, responseHours: 48, decisionHours: 72 } as const;

export const DISPUTE_LIMITS = {
  statementMin: 20,
  statementMax: 4000,
  noteMax: 2000,
  /** Chat messages and deliveries cited by each side. */
  citedMax: 20,
} as const;

/** What a side (or an admin) may do on a dispute now; the server checks the same rules. */
export const DISPUTE_ACTIONS = ['answer', 'escalate', 'withdraw', 'attach', 'decide'] as const;
export type DisputeAction = (typeof DISPUTE_ACTIONS)[number];

const cited = (label: string, plural: string) =>
  z
    .array(z.uuid(`Each cited ${label} must be an id`), { error: `Cited ${plural} must be a list of ids` })
    .max(DISPUTE_LIMITS.citedMax, `At most ${DISPUTE_LIMITS.citedMax} ${plural} can be cited`)
    .default([]);

const statement = typedText('Statement', DISPUTE_LIMITS.statementMax, DISPUTE_LIMITS.statementMin);

/** POST /api/orders/{id}/dispute */
export const openDisputeInputSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }),
  statement,
  messageIds: cited('message', 'messages'),
  deliveryIds: cited('delivery', 'deliveries'),
});
export type OpenDisputeInput = z.input<typeof openDisputeInputSchema>;

/** POST /api/disputes/{id}/answer */
export const answerDisputeInputSchema = z.object({
  statement,
  messageIds: cited('message', 'messages'),
  deliveryIds: cited('delivery', 'deliveries'),
});
export type AnswerDisputeInput = z.input<typeof answerDisputeInputSchema>;

/** POST /api/admin/disputes/{id}/decide: `amount` (whole rupees) only with a partial refund. */
export const decideDisputeInputSchema = z
  .object({
    decision: z.enum(DISPUTE_DECISIONS, { error: 'Choose a decision' }),
    amount: z
      .number({ error: 'Amount must be a number' })
      .int('Amount must be a whole number of rupees')
      .min(1, 'Amount must be at least 1')
      // Beyond any price: the rules then refuse it against what was paid (and paise stay safe integers).
      .max(ORDER_LIMITS.priceMax, `Amount must be at most ${ORDER_LIMITS.priceMax}`)
      .optional(),
    note: typedText('Note', DISPUTE_LIMITS.noteMax, 10),
  })
  .refine((d) => (d.decision === 'partial_refund') === (d.amount !== undefined), {
    message: 'A partial refund needs an amount, and only a partial refund takes one',
    path: ['amount'],
  });
export type DecideDisputeInput = z.input<typeof decideDisputeInputSchema>;

export const disputeIdParamsSchema = z.object({ id: z.uuid('Dispute not found') });
export const disputeFileParamsSchema = z.object({
  id: z.uuid('Dispute not found'),
  evidenceId: z.uuid('File not found'),
});

export const adminDisputesQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const side = z.enum(['creator', 'editor']);

export const disputeEvidenceSchema = z.object({
  _id: z.string(),
  side,
  kind: z.enum(['message', 'delivery', 'file']),
  /** The cited chat message's text, the delivery's number and kind, or the attached file's name. */
  summary: z.string(),
  messageId: z.string().nullable(),
  deliveryId: z.string().nullable(),
  /** An attached file: its type as sniffed, its size and SHA-256 (so both sides can check the bytes). */
  file: z
    .object({ type: z.string(), typeLabel: z.string(), bytes: z.number().int(), sha256: z.string() })
    .nullable(),
  createdAt: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderReference: z.string(),
  roomId: z.string(),
  openedBy: side,
  reason: z.enum(DISPUTE_REASONS),
  reasonLabel: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  statusLabel: z.string(),
  statement: z.string(),
  response: z.object({ statement: z.string(), at: z.string() }).nullable(),
  /** Until then the other side may answer and the two may settle; then admins decide. */
  respondBy: z.string(),
  escalatedAt: z.string().nullable(),
  decision: z
    .object({
      kind: z.enum(DISPUTE_DECISIONS),
      label: z.string(),
      /** Rupees refunded by a partial refund. */
      amount: z.number().nullable(),
      note: z.string(),
      at: z.string(),
    })
    .nullable(),
  closedAt: z.string().nullable(),
  evidence: z.array(disputeEvidenceSchema),
  createdAt: z.string(),
  /** What the viewer may do now. */
  actions: z.array(z.enum(DISPUTE_ACTIONS)),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** The admins' queue: oldest first, with how long each has waited for a decision. */
export const adminDisputeRowSchema = disputeSchema.extend({
  creator: z.string(),
  editor: z.string(),
  orderTitle: z.string(),
  /** Rupees paid for the order, after refunds. */
  paidAmount: z.number(),
  /** Past DISPUTE_DECISION_HOURS with admins and not decided. */
  overdue: z.boolean(),
});
export type AdminDisputeRow = z.infer<typeof adminDisputeRowSchema>;

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  notDisputable: (windowDays: number) =>
    `A dispute can be opened on an order in progress or delivered, or within ${windowDays} days of its completion`,
  alreadyOpen: 'A dispute is already open on this order',
  onlySides: 'Only the two sides of an order can open a dispute on it',
  notYours: 'Only the other side can answer this dispute',
  alreadyAnswered: 'This dispute has already been answered',
  notOpen: 'This dispute is no longer open',
  notWithAdmins: 'Only a dispute with Cutroom support can be decided',
  onlyOpener: 'Only the side that opened the dispute can withdraw it',
  notAnswered: 'A dispute can be sent to Cutroom support once it is answered',
  withAdmins: 'This dispute is with Cutroom support now: they decide it',
  citedElsewhere: 'Only messages of this order’s chat and deliveries of this order can be cited',
  completedNotCancelled:
    'A completed order is not cancelled without a refund: release it to the editor, or refund the creator',
  refundTooLarge: (remaining: string) => `The refund cannot be more than the ${remaining} that was paid`,
} as const;

/** Socket event to both sides and admins whenever a dispute changes. */
export const DISPUTE_UPDATED_EVENT = 'disputeUpdated';
export interface DisputeUpdatedEvent {
  disputeId: string;
  orderId: string;
  roomId: string;
  status: DisputeStatus;
}

export type DisputeViewer = 'creator' | 'editor' | 'admin' | 'other';

/** What `viewer` may do on a dispute now, in the order a screen shows it; the server checks the same. */
export function disputeActions(
  d: { status: DisputeStatus; openedBy: 'creator' | 'editor' },
  viewer: DisputeViewer,
): DisputeAction[] {
  if (viewer === 'other') return [];
  if (viewer === 'admin') return d.status === 'with_admins' ? ['decide'] : [];
  const out: DisputeAction[] = [];
  if (d.status === 'awaiting_response' && viewer !== d.openedBy) out.push('answer');
  if (d.status === 'answered') out.push('escalate');
  if (OPEN_DISPUTE_STATUSES.includes(d.status) && viewer === d.openedBy) out.push('withdraw');
  if (OPEN_DISPUTE_STATUSES.includes(d.status)) out.push('attach');
  return out;
}

/** Replies of the dispute routes. */
export const disputeReplySchema = z.object({ data: disputeSchema });
export const disputeListReplySchema = z.object({ data: z.array(disputeSchema) });
export const adminDisputePageSchema = z.object({
  data: z.array(adminDisputeRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AdminDisputePage = z.infer<typeof adminDisputePageSchema>;
