import { inArray } from 'drizzle-orm';
import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_REASON_LABELS,
  assessContactDetails,
  formatPaise,
  orderReference,
  rupeesFromPaise,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { formatLineTime } from '../orders';
import type { NotificationInput, Notifier } from '../notifications';
import type { DisputeRow } from './states';

/** The order a notice is about. */
export interface NoticeOrder {
  id: string;
  number: number;
  roomId: string;
  title: string;
  creatorId: string;
  editorId: string;
}

export type DisputeStep =
  | { step: 'opened' }
  | { step: 'answered' | 'escalated' | 'withdrawn'; by: 'creator' | 'editor' | 'system' }
  | { step: 'decided'; refundPaise: number };

/** What the side did, as the bell says it ("asha withdrew the dispute on CR-1042"). */
const STEP_TITLES = {
  answered: 'answered the dispute on',
  escalated: 'sent the dispute to Cutroom support on',
  withdrawn: 'withdrew the dispute on',
} as const;

const quotable = (text: string) =>
  assessContactDetails(text).verdict === 'allow' ? text : '(Read the statement in Cutroom.)';

/** The bell lines (and e-mails) of one step of a dispute; admins hear of an escalation. */
export async function tellDisputeStep(
  db: Db,
  notifier: Notifier,
  d: DisputeRow,
  o: NoticeOrder,
  s: DisputeStep,
): Promise<void> {
  const names = new Map(
    (
      await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [o.creatorId, o.editorId]))
    ).map((u) => [u.id, u.username]),
  );
  const name = (id: string) => names.get(id) ?? 'someone';
  const ref = orderReference(o.number);
  const link = `/chat?roomId=${o.roomId}`;
  const base = { roomId: o.roomId, orderId: o.id, link };
  const idOf = (side: 'creator' | 'editor') => (side === 'creator' ? o.creatorId : o.editorId);
  const opener = idOf(d.openedBy);
  const other = idOf(d.openedBy === 'creator' ? 'editor' : 'creator');
  const lines: NotificationInput[] = [];

  if (s.step === 'opened') {
    lines.push({
      ...base,
      userId: other,
      kind: 'dispute_opened',
      dedupeKey: `dispute:${d.id}:opened`,
      title: `${name(opener)} opened a dispute on ${ref}`,
      body: `Give your side by ${formatLineTime(d.respondBy)}`,
      mail: {
        kind: 'dispute_opened',
        orderRef: ref,
        title: o.title,
        by: d.openedBy,
        counterpart: name(opener),
        reason: DISPUTE_REASON_LABELS[d.reason],
        statement: quotable(d.statement),
        respondBy: d.respondBy.toISOString(),
        link,
      },
    });
  } else if (s.step === 'decided') {
    const decision = DISPUTE_DECISION_LABELS[d.decision!];
    for (const userId of [o.creatorId, o.editorId]) {
      lines.push({
        ...base,
        userId,
        kind: 'dispute_decided',
        dedupeKey: `dispute:${d.id}:decided`,
        title: `The dispute on ${ref} was decided`,
        body: `${decision}${s.refundPaise > 0 ? ` (${formatPaise(s.refundPaise)})` : ''}`,
        mail: {
          kind: 'dispute_decided',
          orderRef: ref,
          title: o.title,
          decision,
          refund: s.refundPaise > 0 ? rupeesFromPaise(s.refundPaise) : null,
          note: d.decisionNote ?? '',
          link,
        },
      });
    }
  } else {
    // The side that acted knows; the other hears of it (both, when the deadline sent it to admins).
    const to =
      s.by === 'system' ? [o.creatorId, o.editorId] : [idOf(s.by === 'creator' ? 'editor' : 'creator')];
    for (const userId of to) {
      const actor = s.by === 'system' ? 'Cutroom' : name(idOf(s.by));
      lines.push({
        ...base,
        userId,
        kind: 'dispute_updated',
        dedupeKey: `dispute:${d.id}:${s.step}`,
        title:
          s.step === 'escalated' && s.by === 'system'
            ? `The dispute on ${ref} went to Cutroom support`
            : `${actor} ${STEP_TITLES[s.step]} ${ref}`,
        body: `"${o.title}"`,
        mail: {
          kind: 'dispute_updated',
          orderRef: ref,
          title: o.title,
          step: s.step,
          counterpart: s.by === 'system' ? null : actor,
          link,
        },
      });
    }
  }
  await notifier.notify(lines);
  if (s.step === 'escalated') {
    await notifier.notifyAdmins((adminId) => ({
      userId: adminId,
      kind: 'dispute_escalated',
      dedupeKey: `dispute:${d.id}:escalated`,
      title: `A dispute on ${ref} waits for a decision`,
      body: DISPUTE_REASON_LABELS[d.reason],
      link: `/admin/disputes/${d.id}`,
      orderId: o.id,
      mail: {
        kind: 'dispute_escalated',
        orderRef: ref,
        reason: DISPUTE_REASON_LABELS[d.reason],
        link: `/admin/disputes/${d.id}`,
      },
    }));
  }
}
