import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  DISPUTE_MESSAGES,
  type AppNotification,
  type ModerationFlag,
  type NotificationKind,
} from '@cutroom/contracts';
import { disputes, jobs } from '../src/db/schema';
import { DISPUTE_JOBS } from '../src/modules/disputes/job-kinds';
import { formatLineTime } from '../src/modules/orders/shape';
import { systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { serverWithMailbox } from './helpers/mail-server';
import type { ReceivedMail } from './helpers/mailbox';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, openRoom, sendOffer, step } from './orders/fixtures';
import { paidDelivered, paidOrder, type Pair } from './orders/settlement-fixtures';
import {
  ANSWER,
  NOTE,
  STATEMENT,
  chatMessage,
  decide,
  disputeAs,
  disputeStep,
  openDispute,
  orderRow,
  pastRespondBy,
} from './disputes/fixtures';

const SUSPICIOUS = 'ok, message me on whatsapp then and we sort it out';

/**
 * Every step of a dispute is a chat line, an order timeline event, a bell notice and an e-mail (issue 26);
 * admins hear of a dispute that waits for them. Statements go through the contact-details screen like any
 * text people write to each other. What each side cites is kept as a summary, and only from the order's
 * own chat and deliveries.
 */
describe(
  'disputes: lines, timeline, notices, mails, the contact screen, evidence',
  { timeout: 120_000 },
  () => {
    const ctx = serverWithMailbox({ NOTIFY_MAIL_RETRY_SECONDS: '1' });
    let admin: TestUser;

    /** A creator and an editor, both with an e-mail address, in their own room. */
    async function pair(): Promise<Pair> {
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const [creator, editor] = await Promise.all([
        createTestUser(ctx.server.db, 'creator'),
        createTestUser(ctx.server.db, 'editor', { email: `editor-${tag}@example.com` }),
      ]);
      admin ??= await createTestUser(ctx.server.db, 'admin', { email: `admin-${tag}@example.com` });
      return { creator, editor, roomId: await openRoom(ctx.api, creator, editor) };
    }
    const bell = async (
      who: TestUser,
      kind: NotificationKind,
      orderId: string,
    ): Promise<AppNotification[]> => {
      const res = await ctx.api.get('/api/notifications?limit=100', { token: who.token });
      expect(res.status).toBe(200);
      return (res.body.data as AppNotification[]).filter((n) => n.kind === kind && n.orderId === orderId);
    };
    const oneNotice = (who: TestUser, kind: NotificationKind, orderId: string) =>
      eventually(async () => (await bell(who, kind, orderId))[0]);
    const mailsTo = (who: TestUser, subject: string) =>
      ctx.mailbox.to(who.email!).filter((m) => (m.mail.subject ?? '').startsWith(subject));
    const oneMail = (who: TestUser, subject: string): Promise<ReceivedMail> =>
      eventually(async () => mailsTo(who, subject)[0], 15_000);
    const lines = (p: Pair) => systemLines(ctx.api, p.creator, p.roomId);
    const timeline = async (orderId: string) =>
      (await adminDetail(ctx.api, admin, orderId)).events.map((e) => [e.type, e.actor, e.summary]);

    it('opened: a line for both, the timeline, and the other side told in the bell and by a mail quoting it', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      const d = await openDispute(ctx.api, p.creator, order._id);
      const ref = order.reference;
      expect(await lines(p)).toContain(
        `The creator opened a dispute on order ${ref} (not as described). The order is on hold. The editor can answer until ${formatLineTime(d.respondBy)}; the two can still settle with more time, a different amount or a cancellation, or Cutroom support decides.`,
      );
      expect(await timeline(order._id)).toContainEqual([
        'dispute_opened',
        'creator',
        'Dispute opened (Not as described)',
      ]);
      const notice = await oneNotice(p.editor, 'dispute_opened', order._id);
      expect(notice).toMatchObject({
        title: `${p.creator.username} opened a dispute on ${ref}`,
        body: `Give your side by ${formatLineTime(d.respondBy)}`,
        link: `/chat?roomId=${p.roomId}`,
        read: false,
      });
      expect(await bell(p.creator, 'dispute_opened', order._id)).toEqual([]);
      const mail = await oneMail(p.editor, `${p.creator.username} opened a dispute on ${ref}: answer by`);
      for (const fact of ['Not as described', 'vertical cut', 'Cutroom support'])
        expect(mail.text).toContain(fact);
      expect(mailsTo(p.creator, `${p.creator.username} opened a dispute`)).toEqual([]);
    });

    it('answered, sent to admins by a side, decided: each a line, a timeline event, a notice and a mail', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      const ref = order.reference;
      const d = await openDispute(ctx.api, p.editor, order._id, { reason: 'payment' });
      expect((await oneNotice(p.creator, 'dispute_opened', order._id)).read).toBe(false);

      await disputeStep(ctx.api, p.creator, d._id, 'answer');
      // Answering acts on it: the creator's notice of the dispute is read.
      expect((await bell(p.creator, 'dispute_opened', order._id))[0]!.read).toBe(true);
      expect(await lines(p)).toContain(
        `The creator answered the dispute on order ${ref}. Either side can now send it to Cutroom support, or the two can settle.`,
      );
      expect(await timeline(order._id)).toContainEqual(['dispute_answered', 'creator', 'Dispute answered']);
      expect(await oneNotice(p.editor, 'dispute_updated', order._id)).toMatchObject({
        title: `${p.creator.username} answered the dispute on ${ref}`,
        read: false,
      });
      await oneMail(p.editor, `${p.creator.username} answered the dispute on ${ref}`);

      await disputeStep(ctx.api, p.editor, d._id, 'escalate');
      expect(await lines(p)).toContain(
        `The editor sent the dispute on order ${ref} to Cutroom support to decide.`,
      );
      expect(await timeline(order._id)).toContainEqual([
        'dispute_escalated',
        'editor',
        'Dispute sent to Cutroom support to decide',
      ]);
      const sent = await eventually(async () => {
        const list = await bell(p.creator, 'dispute_updated', order._id);
        return list.find((n) => n.title.includes('Cutroom support'));
      });
      expect(sent.title).toBe(`${p.editor.username} sent the dispute to Cutroom support on ${ref}`);
      await oneMail(p.creator, `${p.editor.username} sent the dispute to Cutroom support on ${ref}`);
      // The editor acted on the answer they were told of: that notice is read.
      const told = (await bell(p.editor, 'dispute_updated', order._id)).find((n) =>
        n.title.includes('answered'),
      );
      expect(told!.read).toBe(true);
      const waiting = await oneNotice(admin, 'dispute_escalated', order._id);
      expect(waiting).toMatchObject({
        title: `A dispute on ${ref} waits for a decision`,
        body: 'Payment',
        link: `/admin/disputes/${d._id}`,
      });
      await oneMail(admin, `A dispute on ${ref} waits for a decision`);

      await decide(
        ctx.api,
        admin,
        d._id,
        'partial_refund',
        1500,
        'Half of the second cut was off the brief.',
      );
      // Deciding it acts on it: the admin's notice that it waited is read.
      expect((await bell(admin, 'dispute_escalated', order._id))[0]!.read).toBe(true);
      expect(await lines(p)).toContain(
        `Cutroom support decided the dispute on order ${ref}: Partial refund to the creator (₹1,500). "Half of the second cut was off the brief."`,
      );
      expect(await timeline(order._id)).toEqual(
        expect.arrayContaining([
          ['completed_by_decision', 'admin', 'Completed by the decision on its dispute'],
          ['dispute_decided', 'admin', 'Dispute decided: Partial refund to the creator (₹1,500)'],
        ]),
      );
      for (const who of [p.creator, p.editor]) {
        expect(await oneNotice(who, 'dispute_decided', order._id)).toMatchObject({
          title: `The dispute on ${ref} was decided`,
          body: 'Partial refund to the creator (₹1,500)',
        });
        const mail = await oneMail(who, `The dispute on ${ref} was decided: Partial refund to the creator`);
        for (const fact of ['₹1,500', 'off the brief']) expect(mail.text).toContain(fact);
        // Completed by the decision, and said so (not "was approved").
        expect(await oneNotice(who, 'order_completed', order._id)).toMatchObject({
          body: `"${order.title}" completed by Cutroom support's decision`,
        });
      }
      // Both sides see the admin's note on the dispute itself.
      for (const who of [p.creator, p.editor]) {
        expect((await disputeAs(ctx.api, who, d._id)).decision).toMatchObject({
          note: 'Half of the second cut was off the brief.',
          amount: 1500,
        });
      }
    });

    it('the response deadline, through the job runner: a line, the timeline, both sides and admins told', async () => {
      const p = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const ref = order.reference;
      const d = await openDispute(ctx.api, p.creator, order._id, { reason: 'late' });
      await pastRespondBy(ctx.server, d._id);
      await ctx.server.db
        .update(jobs)
        .set({ runAfter: new Date() })
        .where(
          sql`${jobs.kind} = ${DISPUTE_JOBS.responseDeadline} and ${jobs.payload}->>'disputeId' = ${d._id}`,
        );
      ctx.server.app.jobs.wake();
      await eventually(
        async () => (await disputeAs(ctx.api, p.creator, d._id)).status === 'with_admins',
        15_000,
      );
      expect(await lines(p)).toContain(
        `The dispute on order ${ref} was not settled in time and goes to Cutroom support to decide.`,
      );
      expect(await timeline(order._id)).toContainEqual([
        'dispute_escalated',
        'system',
        'Dispute sent to Cutroom support to decide',
      ]);
      for (const who of [p.creator, p.editor]) {
        expect(await oneNotice(who, 'dispute_updated', order._id)).toMatchObject({
          title: `The dispute on ${ref} went to Cutroom support`,
        });
      }
      await oneNotice(admin, 'dispute_escalated', order._id);
      for (const who of [p.creator, p.editor]) {
        const mail = await oneMail(who, `The dispute on ${ref} went to Cutroom support`);
        expect(mail.text).toContain('was not settled in time');
      }
      expect(mailsTo(p.editor, 'Cutroom sent')).toEqual([]);
    });

    it('withdrawn: the line, the timeline, and the other side told in plain words', async () => {
      const p = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const d = await openDispute(ctx.api, p.creator, order._id);
      await disputeStep(ctx.api, p.creator, d._id, 'withdraw');
      const ref = order.reference;
      expect(await lines(p)).toContain(`The creator withdrew the dispute on order ${ref}.`);
      expect(await timeline(order._id)).toContainEqual(['dispute_withdrawn', 'creator', 'Dispute withdrawn']);
      expect(await oneNotice(p.editor, 'dispute_updated', order._id)).toMatchObject({
        title: `${p.creator.username} withdrew the dispute on ${ref}`,
      });
      const mail = await oneMail(p.editor, `${p.creator.username} withdrew the dispute on ${ref}`);
      expect(mail.text).toContain('goes on as before');
    });

    it('settled by the sides: the timeline and a line say the dispute ended and the order is no longer on hold', async () => {
      const p = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const d = await openDispute(ctx.api, p.creator, order._id, { reason: 'late' });
      await step(ctx.api, p.editor, `/api/orders/${order._id}/extension`, {
        days: 3,
        reason: 'Footage came late',
      });
      await step(ctx.api, p.creator, `/api/orders/${order._id}/extension/accept`);
      expect((await disputeAs(ctx.api, p.editor, d._id)).status).toBe('settled');
      expect(await timeline(order._id)).toContainEqual([
        'dispute_settled',
        'creator',
        'Dispute settled by both sides',
      ]);
      expect(await lines(p)).toContain(
        `The dispute on order ${order.reference} is settled: the order is no longer on hold.`,
      );
    });

    it('a statement with a phone number is refused and recorded, to open or to answer; nothing changes', async () => {
      const p = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const before = await adminDetail(ctx.api, admin, order._id);
      for (const statement of [
        'Call me on 98765 43210 to sort this out',
        'WhatsApp 98765\u200b43210 and we talk',
      ]) {
        const res = await ctx.api.post(
          `/api/orders/${order._id}/dispute`,
          { reason: 'other', statement },
          { token: p.creator.token },
        );
        expect([statement, res.status, res.body.message]).toEqual([
          statement,
          400,
          CONTACT_DETAILS_BLOCKED_MESSAGE,
        ]);
      }
      const after = await adminDetail(ctx.api, admin, order._id);
      expect(after.data).toEqual(before.data);
      expect(after.events).toHaveLength(before.events.length);
      expect(await ctx.server.db.select().from(disputes).where(eq(disputes.orderId, order._id))).toEqual([]);

      const d = await openDispute(ctx.api, p.creator, order._id);
      const answer = await ctx.api.post(
        `/api/disputes/${d._id}/answer`,
        { statement: 'Mail me at ravi.cuts@gmail.com and I explain' },
        { token: p.editor.token },
      );
      expect([answer.status, answer.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      expect((await disputeAs(ctx.api, p.editor, d._id)).status).toBe('awaiting_response');

      const recorded = await eventually(async () => {
        const res = (await ctx.server.db.execute(
          sql`select place, order_id, author_id from contact_refusals where order_id = ${order._id} order by created_at`,
        )) as unknown as { rows: { place: string; order_id: string; author_id: string }[] };
        return res.rows.length === 3 ? res.rows : null;
      });
      expect(recorded).toEqual([
        { place: 'dispute_statement', order_id: order._id, author_id: p.creator.id },
        { place: 'dispute_statement', order_id: order._id, author_id: p.creator.id },
        { place: 'dispute_statement', order_id: order._id, author_id: p.editor.id },
      ]);
    });

    it('a suspicious statement is opened, flagged for admins with its order, and not quoted in the mail', async () => {
      const p = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const d = await openDispute(ctx.api, p.editor, order._id, { reason: 'payment', statement: SUSPICIOUS });
      expect(d.statement).toBe(SUSPICIOUS);
      const flag = await eventually(async () => {
        const res = await ctx.api.get('/api/admin/moderation-flags?limit=100', { token: admin.token });
        return (res.body.data as ModerationFlag[]).find((f) => f.order?._id === order._id);
      });
      expect(flag).toMatchObject({
        source: 'dispute_statement',
        status: 'open',
        excerpt: SUSPICIOUS,
        order: { reference: order.reference },
        author: { _id: p.editor.id },
      });
      const mail = await oneMail(p.creator, `${p.editor.username} opened a dispute on ${order.reference}`);
      expect(mail.text).not.toContain('whatsapp');
      expect(mail.text).toContain('(Read the statement in Cutroom.)');

      // An answer that looks suspicious is filed too.
      await disputeStep(ctx.api, p.creator, d._id, 'answer', { statement: SUSPICIOUS.replace('ok', 'no') });
      await eventually(async () => {
        const res = await ctx.api.get('/api/admin/moderation-flags?limit=100', { token: admin.token });
        const mine = (res.body.data as ModerationFlag[]).filter((f) => f.order?._id === order._id);
        return mine.some((f) => f.author?._id === p.creator.id && f.source === 'dispute_statement');
      });
    });

    describe('evidence', () => {
      it("cites the order's own messages and deliveries, each side its own, kept as summaries", async () => {
        const p = await pair();
        const { order, deliveryId } = await paidDelivered(ctx.api, ctx.server, p);
        const mine = await chatMessage(ctx.api, p.creator, p.roomId, 'Please make it vertical, 9:16');
        const long = await chatMessage(ctx.api, p.editor, p.roomId, `Noted. ${'x'.repeat(400)}`);
        const d = await openDispute(ctx.api, p.creator, order._id, {
          messageIds: [mine, mine, long],
          deliveryIds: [deliveryId],
        });
        expect(d.evidence.map((e) => [e.side, e.kind, e.summary.slice(0, 40)])).toEqual([
          ['creator', 'message', 'Creator: Please make it vertical, 9:16'],
          ['creator', 'message', `Editor: Noted. ${'x'.repeat(25)}`],
          ['creator', 'delivery', 'Delivery #1 (image)'],
        ]);
        const excerpt = d.evidence[1]!.summary;
        expect(excerpt.length).toBe('Editor: '.length + 300);
        expect(excerpt.endsWith('…')).toBe(true);
        expect(d.evidence.map((e) => e.messageId ?? e.deliveryId)).toEqual([mine, long, deliveryId]);

        const reply = await chatMessage(ctx.api, p.editor, p.roomId, 'The brief in this message said 16:9');
        const answered = await disputeStep(ctx.api, p.editor, d._id, 'answer', {
          statement: ANSWER,
          messageIds: [reply],
        });
        expect(answered.evidence.map((e) => [e.side, e.kind])).toEqual([
          ['creator', 'message'],
          ['creator', 'message'],
          ['creator', 'delivery'],
          ['editor', 'message'],
        ]);
        expect(answered.response).toMatchObject({ statement: ANSWER });
        // Admins see the same case file.
        const file = await ctx.api.get(`/api/admin/disputes/${d._id}`, { token: admin.token });
        expect(file.body.data.evidence).toEqual(answered.evidence);
      });

      it("citing another room's message or another order's delivery is refused; nothing is opened or answered", async () => {
        const p = await pair();
        const other = await pair();
        const { order, deliveryId: ownCut } = await paidDelivered(ctx.api, ctx.server, p);
        // Another order of the same pair, delivered: its delivery is not this order's.
        const { order: sibling, deliveryId: siblingCut } = await paidDelivered(ctx.api, ctx.server, p);
        const { deliveryId: strangersCut } = await paidDelivered(ctx.api, ctx.server, other);
        const strangersMessage = await chatMessage(ctx.api, other.creator, other.roomId, 'A private message');
        const before = await adminDetail(ctx.api, admin, order._id);
        const cases = [
          { messageIds: [strangersMessage] },
          { deliveryIds: [siblingCut] },
          { deliveryIds: [strangersCut] },
          { messageIds: ['00000000-0000-4000-8000-000000000000'] },
        ];
        for (const cited of cases) {
          const res = await ctx.api.post(
            `/api/orders/${order._id}/dispute`,
            { reason: 'quality', statement: STATEMENT, ...cited },
            { token: p.creator.token },
          );
          expect([cited, res.status, res.body.message]).toEqual([
            cited,
            400,
            DISPUTE_MESSAGES.citedElsewhere,
          ]);
        }
        const after = await adminDetail(ctx.api, admin, order._id);
        expect(after.data).toEqual(before.data);
        expect(after.events).toHaveLength(before.events.length);
        expect((await orderRow(ctx.server, order._id)).disputeId).toBeNull();

        const d = await openDispute(ctx.api, p.creator, sibling._id);
        const answers = [
          { messageIds: [strangersMessage] },
          { deliveryIds: [ownCut] },
          { deliveryIds: [strangersCut] },
        ];
        for (const cited of answers) {
          const res = await ctx.api.post(
            `/api/disputes/${d._id}/answer`,
            { statement: ANSWER, ...cited },
            { token: p.editor.token },
          );
          expect([cited, res.status, res.body.message]).toEqual([
            cited,
            400,
            DISPUTE_MESSAGES.citedElsewhere,
          ]);
          expect(await disputeAs(ctx.api, p.editor, d._id)).toMatchObject({
            status: 'awaiting_response',
            response: null,
            evidence: [],
          });
        }
        // On its own dispute, the sibling's delivery may be cited.
        const answered = await disputeStep(ctx.api, p.editor, d._id, 'answer', {
          statement: ANSWER,
          deliveryIds: [siblingCut],
        });
        expect(answered.evidence.map((e) => [e.side, e.deliveryId])).toEqual([['editor', siblingCut]]);
      });
    });

    it('strangers hear nothing: no notice, no mail, no line in their rooms', async () => {
      const p = await pair();
      const stranger = await pair();
      const order = await paidOrder(ctx.api, ctx.server, p);
      const d = await openDispute(ctx.api, p.creator, order._id);
      await disputeStep(ctx.api, p.editor, d._id, 'answer');
      await disputeStep(ctx.api, p.editor, d._id, 'escalate');
      await decide(ctx.api, admin, d._id, 'release', undefined, NOTE);
      await oneNotice(p.creator, 'dispute_decided', order._id);
      for (const who of [stranger.creator, stranger.editor]) {
        const res = await ctx.api.get('/api/notifications?limit=100', { token: who.token });
        expect((res.body.data as AppNotification[]).filter((n) => n.kind.startsWith('dispute'))).toEqual([]);
        expect(ctx.mailbox.to(who.email!).filter((m) => m.subject.includes(order.reference))).toEqual([]);
      }
      expect((await lines(stranger)).filter((l) => l.includes('dispute'))).toEqual([]);
      // The offer in the strangers' room is untouched by it.
      await sendOffer(ctx.api, stranger.editor, stranger.roomId);
    });
  },
);
