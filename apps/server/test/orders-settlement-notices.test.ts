import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  type AppNotification,
  type ModerationFlag,
  type NotificationKind,
} from '@cutroom/contracts';
import { orderKernel } from '../src/modules/orders/context';
import { settlementLapsed } from '../src/modules/orders/settlement';
import { formatLineTime } from '../src/modules/orders/shape';
import { systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { serverWithMailbox } from './helpers/mail-server';
import type { ReceivedMail } from './helpers/mailbox';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, eventTypes, openRoom, orderAs, step } from './orders/fixtures';
import {
  paidDelivered,
  pastSettlementRespondBy,
  propose,
  proposedAtOf,
  type Pair,
} from './orders/settlement-fixtures';

const SUSPICIOUS = 'ok, message me on whatsapp then';

/**
 * Every step of a settlement is a chat line, a timeline event, a bell notice and an e-mail to the side it
 * concerns (issue 26); the reason goes through the contact-details screen like any text people write to
 * each other.
 */
describe(
  'settling for a different amount: lines, notices, mails, the contact screen',
  { timeout: 90_000 },
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
      admin ??= await createTestUser(ctx.server.db, 'admin');
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
    const mailsTo = (who: TestUser, subject: string) =>
      ctx.mailbox.to(who.email!).filter((m) => (m.mail.subject ?? '').startsWith(subject));
    const oneMail = (who: TestUser, subject: string): Promise<ReceivedMail> =>
      eventually(async () => mailsTo(who, subject)[0], 15_000);
    const lines = (p: Pair) => systemLines(ctx.api, p.creator, p.roomId);

    it('a proposal: a line for both, the timeline, a bell notice and a mail to the other side only', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      const proposed = await propose(ctx.api, p.creator, order._id, 4000, 'Only the first half is usable');
      const respondBy = proposed.settlement!.respondBy;
      const ref = order.reference;

      expect(await lines(p)).toContain(
        `The creator proposed completing order ${ref} at ₹4,000 of the ₹6,999 paid: "Only the first half is usable". Accepted, ₹2,999 goes back to the creator and the final file is released. If the editor does not answer by ${formatLineTime(respondBy)}, nothing changes.`,
      );
      const event = (await adminDetail(ctx.api, admin, order._id)).events.find(
        (e) => e.type === 'settlement_proposed',
      );
      expect(event).toMatchObject({ actor: 'creator', note: 'Only the first half is usable' });

      const [notice] = await eventually(async () => {
        const list = await bell(p.editor, 'settlement_proposed', order._id);
        return list.length ? list : null;
      });
      expect(notice).toMatchObject({
        title: `${p.creator.username} proposes completing ${ref} at ₹4,000`,
        body: `Accept or decline by ${formatLineTime(respondBy)}; unanswered, nothing changes`,
        link: `/chat?roomId=${p.roomId}`,
        read: false,
      });
      expect(await bell(p.creator, 'settlement_proposed', order._id)).toEqual([]);

      const mail = await oneMail(p.editor, `${p.creator.username} proposes completing ${ref} at ₹4,000`);
      for (const fact of ['Only the first half is usable', '₹4,000', '₹6,999', '₹2,999'])
        expect(mail.text).toContain(fact);
      expect(mailsTo(p.creator, `${p.creator.username} proposes`)).toEqual([]);

      // Answering acts on the order: the editor's notice of the proposal is read.
      await step(ctx.api, p.editor, `/api/orders/${order._id}/settlement/decline`);
      const [read] = await bell(p.editor, 'settlement_proposed', order._id);
      expect(read!.read).toBe(true);
    });

    it('declined: the line, the timeline, and the proposer told in the bell and by mail', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      await propose(ctx.api, p.editor, order._id, 5000);
      const declined = await step(ctx.api, p.creator, `/api/orders/${order._id}/settlement/decline`);
      expect(declined).toMatchObject({ status: 'delivered', settlement: null });
      const ref = order.reference;
      expect(await lines(p)).toContain(`The creator declined completing order ${ref} at ₹5,000; it goes on.`);
      expect(eventTypes(await adminDetail(ctx.api, admin, order._id))).toContain('settlement_declined');

      const [notice] = await eventually(async () => {
        const list = await bell(p.editor, 'settlement_answered', order._id);
        return list.length ? list : null;
      });
      expect(notice).toMatchObject({
        title: `${p.creator.username} declined completing ${ref} at ₹5,000`,
        body: `"${order.title}" goes on at its price`,
        read: false,
      });
      const mail = await oneMail(p.editor, `${p.creator.username} declined completing ${ref} at ₹5,000`);
      expect(mail.text).toContain('goes on');
      expect(await bell(p.creator, 'settlement_answered', order._id)).toEqual([]);
    });

    it('withdrawn: the line, the timeline, and the other side — who was asked to answer — told in the bell and by mail', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      await propose(ctx.api, p.creator, order._id, 4500);
      await step(ctx.api, p.creator, `/api/orders/${order._id}/settlement/withdraw`);
      const ref = order.reference;
      expect(await lines(p)).toContain(
        `The creator withdrew the proposal to complete order ${ref} at ₹4,500.`,
      );
      expect(eventTypes(await adminDetail(ctx.api, admin, order._id))).toContain('settlement_withdrawn');

      const [notice] = await eventually(async () => {
        const list = await bell(p.editor, 'settlement_answered', order._id);
        return list.length ? list : null;
      });
      expect(notice).toMatchObject({
        title: `${p.creator.username} withdrew the proposal to complete ${ref} at ₹4,500`,
        body: `"${order.title}" goes on at its price`,
        read: false,
      });
      const mail = await oneMail(p.editor, `${p.creator.username} withdrew the proposal to complete ${ref}`);
      expect(mail.text).toContain('₹4,500');
      expect(await bell(p.creator, 'settlement_answered', order._id)).toEqual([]);
    });

    it('lapsed: the line, the timeline, and the proposer told in the bell and by mail', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      await propose(ctx.api, p.editor, order._id, 3000);
      const at = await proposedAtOf(ctx.server, order._id);
      await pastSettlementRespondBy(ctx.server, order._id);
      await settlementLapsed(orderKernel(ctx.server.app), order._id, at);
      expect((await orderAs(ctx.api, p.creator, order._id)).settlement).toBeNull();
      const ref = order.reference;
      expect(await lines(p)).toContain(
        `The proposal to complete order ${ref} at ₹3,000 was not answered in time; the order goes on.`,
      );
      const lapsed = (await adminDetail(ctx.api, admin, order._id)).events.find(
        (e) => e.type === 'settlement_lapsed',
      );
      expect(lapsed).toMatchObject({
        actor: 'system',
        summary: 'Proposal to complete at ₹3,000 lapsed unanswered',
      });

      const [notice] = await eventually(async () => {
        const list = await bell(p.editor, 'settlement_answered', order._id);
        return list.length ? list : null;
      });
      expect(notice).toMatchObject({ title: `Your proposal on ${ref} lapsed unanswered`, read: false });
      await oneMail(p.editor, `Your proposal to complete ${ref} at ₹3,000 lapsed`);
    });

    it('accepted: the line, the timeline, the proposer told the order is completed, and the creator of the refund', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      await propose(ctx.api, p.editor, order._id, 4000);
      await step(ctx.api, p.creator, `/api/orders/${order._id}/settlement/accept`);
      const ref = order.reference;
      expect(await lines(p)).toContain(
        `Order ${ref} completed at ₹4,000, as both sides agreed. ₹2,999 is refunded to the creator.`,
      );
      const [completed] = await eventually(async () => {
        const list = await bell(p.editor, 'order_completed', order._id);
        return list.length ? list : null;
      });
      expect(completed).toMatchObject({
        title: `${ref} is completed`,
        body: `"${order.title}" completed at the amount both sides agreed`,
        read: false,
      });
      await oneMail(p.editor, `${ref} is completed`);
      const [refund] = await eventually(async () => {
        const list = await bell(p.creator, 'refund_issued', order._id);
        return list.length ? list : null;
      }, 15_000);
      expect(refund!.title).toBe('Refund of ₹2,999 is on its way');
      await oneMail(p.creator, 'Refund of ₹2,999 is on its way');
      expect(eventTypes(await adminDetail(ctx.api, admin, order._id))).toEqual(
        expect.arrayContaining(['settlement_proposed', 'settled', 'refunded']),
      );
    });

    it('a reason with a phone number is refused and recorded; nothing is proposed', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      const before = await adminDetail(ctx.api, admin, order._id);
      for (const reason of ['Call me on 98765 43210 to sort it out', 'WhatsApp 98765\u200b43210']) {
        const res = await ctx.api.post(
          `/api/orders/${order._id}/settlement`,
          { amount: 4000, reason },
          { token: p.creator.token },
        );
        expect([reason, res.status, res.body.message]).toEqual([
          reason,
          400,
          CONTACT_DETAILS_BLOCKED_MESSAGE,
        ]);
      }
      const after = await adminDetail(ctx.api, admin, order._id);
      expect(after.data).toEqual(before.data);
      expect(after.events).toHaveLength(before.events.length);
      const recorded = await eventually(async () => {
        const res = (await ctx.server.db.execute(
          sql`select place, order_id from contact_refusals where author_id = ${p.creator.id}`,
        )) as unknown as { rows: { place: string; order_id: string }[] };
        return res.rows.length === 2 ? res.rows : null;
      });
      expect(recorded).toEqual([
        { place: 'settlement_reason', order_id: order._id },
        { place: 'settlement_reason', order_id: order._id },
      ]);
      expect(await bell(p.editor, 'settlement_proposed', order._id)).toEqual([]);
    });

    it('a suspicious reason is proposed, filed for admins with its order, and not quoted in the notice or mail', async () => {
      const p = await pair();
      const { order } = await paidDelivered(ctx.api, ctx.server, p);
      const proposed = await propose(ctx.api, p.editor, order._id, 4000, SUSPICIOUS);
      expect(proposed.settlement?.reason).toBe(SUSPICIOUS);
      const flag = await eventually(async () => {
        const res = await ctx.api.get('/api/admin/moderation-flags?limit=100', { token: admin.token });
        return (res.body.data as ModerationFlag[]).find((f) => f.order?._id === order._id);
      });
      expect(flag).toMatchObject({
        source: 'settlement_reason',
        status: 'open',
        excerpt: SUSPICIOUS,
        order: { reference: order.reference },
        author: { _id: p.editor.id },
      });
      const mail = await oneMail(p.creator, `${p.editor.username} proposes completing ${order.reference}`);
      expect(mail.text).not.toContain('whatsapp');
      expect(mail.text).toContain('(Read the note in Cutroom.)');
    });
  },
);
