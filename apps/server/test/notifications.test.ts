import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATIONS_READ_EVENT,
  NOTIFICATION_MESSAGES,
  type AppNotification,
  type NotificationKind,
  type NotificationsPage,
} from '@cutroom/contracts';
import { connectChat, nextEvent, type ChatClient } from './chat-clients';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { rawHeader, startMailbox, type ReceivedMail, type Mailbox } from './helpers/mailbox';
import { acceptOffer, deliver, openRoom, payOrder, sendOffer } from './orders/fixtures';

const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * Notifications with a real SMTP server: each step of an order reaches the other side in the bell (live)
 * and by one e-mail with one-click unsubscribe headers; unread messages make one summary per room;
 * preferences and unsubscribe are honoured; an SMTP outage delays a mail without losing or doubling it;
 * no mail names anyone's e-mail address but the recipient's.
 */
describe('notifications', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;
  let admin: TestUser;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      SMTP_URL: mailbox.url,
      NOTIFY_DIGEST_SECONDS: '1',
      NOTIFY_MAIL_RETRY_SECONDS: '1',
    });
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin', { email: 'ops-admin@example.com' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
    await mailbox?.close();
  });

  const socketOf = async (who: TestUser) => {
    const s = await connectChat(server.url, who.token);
    sockets.push(s);
    return s;
  };
  const bell = async (who: TestUser, query = ''): Promise<NotificationsPage> => {
    const res = await api.get(`/api/notifications${query}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const linesOf = async (who: TestUser, kind: NotificationKind) =>
    (await bell(who, '?limit=100')).data.filter((n) => n.kind === kind);
  const mailsOf = (who: TestUser, subject: RegExp) =>
    mailbox.to(who.email!).filter((d) => subject.test(d.mail.subject ?? ''));
  /** Everything a mail shows a reader: subject, text and HTML. */
  const whole = (d: ReceivedMail) => `${d.mail.subject}\n${d.mail.text}\n${d.mail.html || ''}`;
  /** A pair in a room, both with an e-mail address (the editor's must never reach the creator). */
  async function pair() {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', {
      email: `editor-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
    });
    const roomId = await openRoom(api, creator, editor);
    return { creator, editor, roomId };
  }
  function assertNoOtherAddress(d: ReceivedMail, recipient: TestUser) {
    const found = whole(d).match(EMAIL_LIKE) ?? [];
    expect(found.filter((a) => a.toLowerCase() !== recipient.email!.toLowerCase())).toEqual([]);
  }

  it('tells the creator of a new offer in the bell, live, and by one mail with one-click unsubscribe', async () => {
    const { creator, editor, roomId } = await pair();
    const live = nextEvent<AppNotification>(await socketOf(creator), NOTIFICATION_CREATED_EVENT);
    const offer = await sendOffer(api, editor, roomId, { title: 'Wedding teaser', amount: 4999 });
    const line = await live;
    expect(line).toMatchObject({ kind: 'offer_received', orderId: offer._id, roomId, read: false });
    expect(line.title).toBe(`New offer from ${editor.username}`);
    expect(line.link).toBe(`/chat?roomId=${roomId}`);

    const [mail] = await mailbox.waitFor(creator.email!, 1);
    expect(mail!.mail.subject).toContain('Wedding teaser');
    expect(mail!.mail.text).toContain('₹4,999');
    expect(mail!.mail.html).toContain(`${server.url}/chat?roomId=${roomId}`);
    const unsubscribe = rawHeader(mail!, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(`^<${server.url}/api/notifications/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    assertNoOtherAddress(mail!, creator);
    expect(whole(mail!)).not.toContain(editor.email!);
  });

  it('sends each step of a paid order once, to the side it concerns, naming no other address', async () => {
    const { creator, editor, roomId } = await pair();
    const offer = await sendOffer(api, editor, roomId, { title: 'Travel reel', amount: 2500, revisions: 1 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const first = await deliver(api, editor, roomId, offer._id);
    const changes = await api.post(
      `/api/deliveries/${first._id}/request-changes`,
      { note: 'Please trim the intro' },
      { token: creator.token },
    );
    expect(changes.status).toBe(200);
    const second = await deliver(api, editor, roomId, offer._id);
    expect(
      (await api.post(`/api/deliveries/${second._id}/approve`, {}, { token: creator.token })).status,
    ).toBe(200);

    const creatorKinds = ['offer_received', 'order_paid', 'delivery_ready', 'order_completed'] as const;
    const editorKinds = ['order_paid', 'changes_requested', 'order_completed'] as const;
    await eventually(async () => {
      const c = await bell(creator, '?limit=100');
      const e = await bell(editor, '?limit=100');
      return (
        creatorKinds.every((k) => c.data.some((n) => n.kind === k)) &&
        editorKinds.every((k) => e.data.some((n) => n.kind === k))
      );
    }, 20_000);
    // Two deliveries ready for review: two lines; every other step one line each, however often told.
    expect(await linesOf(creator, 'delivery_ready')).toHaveLength(2);
    for (const k of ['offer_received', 'order_paid', 'order_completed'] as const)
      expect(await linesOf(creator, k)).toHaveLength(1);
    for (const k of editorKinds) expect(await linesOf(editor, k)).toHaveLength(1);
    expect(await linesOf(editor, 'delivery_ready')).toHaveLength(0);

    // One mail per line; the receipt names the amount, the reference and the editor's handle.
    await mailbox.waitFor(creator.email!, 5, 20_000);
    await mailbox.waitFor(editor.email!, 3, 20_000);
    const receipt = mailsOf(creator, /^Receipt for /);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.mail.text).toContain('₹2,500');
    expect(receipt[0]!.mail.text).toContain(offer.reference);
    expect(receipt[0]!.mail.text).toContain(editor.username);
    expect(mailsOf(editor, /Changes requested/)[0]!.mail.text).toContain('Please trim the intro');
    for (const d of mailbox.to(creator.email!)) assertNoOtherAddress(d, creator);
    for (const d of mailbox.to(editor.email!)) assertNoOtherAddress(d, editor);
    expect(mailbox.to(creator.email!)).toHaveLength(5);
    expect(mailbox.to(editor.email!)).toHaveLength(3);
  });

  it('sends one summary for ten unread messages while the creator is away, and none while online', async () => {
    const { creator, editor, roomId } = await pair();
    const say = (text: string) =>
      api.post('/api/chat/message', { chatRoomId: roomId, content: text }, { token: editor.token });
    for (let i = 1; i <= 10; i++) expect((await say(`Draft ${i} is uploading`)).status).toBe(201);
    const [digest] = await mailbox.waitFor(creator.email!, 1);
    expect(digest!.mail.subject).toBe(`10 new messages from ${editor.username}`);
    expect(digest!.mail.text).toContain('Draft 10 is uploading');
    assertNoOtherAddress(digest!, creator);
    const lines = await linesOf(creator, 'new_messages');
    expect(lines).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailbox.to(creator.email!)).toHaveLength(1);

    // Online (a socket connected): the badge is enough, no mail.
    await socketOf(creator);
    for (let i = 1; i <= 3; i++) expect((await say(`Another note ${i}`)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 3000));
    expect(mailbox.to(creator.email!)).toHaveLength(1);
    const summary = await api.get('/api/notifications/summary', { token: creator.token });
    expect(summary.body.unreadMessages).toBe(13);
  });

  it('unsubscribes in one click without a session, honours it, and never turns security notices off', async () => {
    const { creator, editor, roomId } = await pair();
    await sendOffer(api, editor, roomId, { title: 'First reel' });
    const [mail] = await mailbox.waitFor(creator.email!, 1);
    const header = rawHeader(mail!, 'List-Unsubscribe')!.slice(1, -1);
    // RFC 8058: the provider POSTs `List-Unsubscribe=One-Click`, form-encoded, with no cookie or token.
    const oneClick = await fetch(header, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const prefs = await api.get('/api/notifications/preferences', { token: creator.token });
    expect(prefs.body.email.offer_received).toBe(false);
    expect(prefs.body.email.order_paid).toBe(true);

    await sendOffer(api, editor, roomId, { title: 'Second reel' });
    await eventually(async () => (await linesOf(creator, 'offer_received')).length === 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(creator.email!)).toHaveLength(1);

    const tampered = header.replace(/token=([\w-]+)\.offer_received\./, 'token=$1.order_paid.');
    expect((await fetch(tampered, { method: 'POST' })).status).toBe(400);
    const bad = await api.post('/api/notifications/unsubscribe', { token: 'not-a-real-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(NOTIFICATION_MESSAGES.invalidLink);
    const locked = await api.put(
      '/api/notifications/preferences',
      { email: { password_changed: false } },
      { token: creator.token },
    );
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe(NOTIFICATION_MESSAGES.locked);
    const back = await api.put(
      '/api/notifications/preferences',
      { email: { offer_received: true } },
      { token: creator.token },
    );
    expect(back.status).toBe(200);
    expect(back.body.data.email.offer_received).toBe(true);
  });

  it('delivers a mail once when SMTP is down and comes back, and the request that caused it is not slowed', async () => {
    const { creator, editor, roomId } = await pair();
    mailbox.down();
    const started = Date.now();
    await sendOffer(api, editor, roomId, { title: 'During the outage' });
    expect(Date.now() - started).toBeLessThan(3000);
    await eventually(async () => (await linesOf(creator, 'offer_received')).length === 1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailbox.to(creator.email!)).toHaveLength(0);
    mailbox.up();
    await mailbox.waitFor(creator.email!, 1, 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(mailbox.to(creator.email!)).toHaveLength(1);
  });

  it('marks lines read on every tab of the person, one or all, and keeps others out', async () => {
    const { creator, editor, roomId } = await pair();
    await sendOffer(api, editor, roomId, { title: 'One' });
    await sendOffer(api, editor, roomId, { title: 'Two' });
    await eventually(async () => (await bell(creator)).unreadCount === 2);
    const [tabA, tabB] = [await socketOf(creator), await socketOf(creator)];
    const page = await bell(creator);
    const seenA = nextEvent(tabA, NOTIFICATIONS_READ_EVENT);
    const seenB = nextEvent(tabB, NOTIFICATIONS_READ_EVENT);
    const one = await api.post(`/api/notifications/${page.data[0]!._id}/read`, {}, { token: creator.token });
    expect(one.body).toEqual({ unreadCount: 1 });
    expect(await seenA).toEqual({ ids: [page.data[0]!._id], unreadCount: 1 });
    expect(await seenB).toEqual({ ids: [page.data[0]!._id], unreadCount: 1 });
    // Someone else's line is not found, not read.
    expect(
      (await api.post(`/api/notifications/${page.data[1]!._id}/read`, {}, { token: editor.token })).status,
    ).toBe(404);
    const all = await api.post('/api/notifications/read-all', {}, { token: creator.token });
    expect(all.body).toEqual({ unreadCount: 0 });
    expect((await bell(creator)).data.every((n) => n.read)).toBe(true);

    // Paging by cursor, newest first, and refusals.
    const first = await bell(creator, '?limit=1');
    const next = await bell(creator, `?limit=1&cursor=${first.nextCursor}`);
    expect(next.data[0]!._id).not.toBe(first.data[0]!._id);
    expect(next.data[0]!.createdAt <= first.data[0]!.createdAt).toBe(true);
    expect(
      (await api.get(`/api/notifications?cursor=${crypto.randomUUID()}`, { token: creator.token })).status,
    ).toBe(400);
    expect((await api.get('/api/notifications')).status).toBe(401);
  });

  it('tells admins of a support ticket and of a flagged message, without the flagged text', async () => {
    const ticket = await api.post('/api/public/support', {
      name: 'Asha',
      email: 'asha.visitor@example.com',
      subject: 'Refund question',
      message: 'Hello, I have a question about my refund.',
    });
    expect(ticket.status).toBe(201);
    const { creator, roomId } = await pair();
    const flagged = 'ok, message me on whatsapp then';
    expect(
      (
        await api.post(
          '/api/chat/message',
          { chatRoomId: roomId, content: flagged },
          { token: creator.token },
        )
      ).status,
    ).toBe(201);
    const mails = await mailbox.waitFor(admin.email!, 2);
    const ticketMail = mails.find((d) => /support ticket/i.test(d.mail.subject ?? ''))!;
    expect(ticketMail.mail.text).toContain('Asha');
    expect(whole(ticketMail)).not.toContain('asha.visitor@example.com');
    const flagMail = mails.find((d) => /flagged/i.test(d.mail.subject ?? ''))!;
    expect(whole(flagMail)).not.toContain(flagged);
    expect((await linesOf(admin, 'support_ticket')).length).toBeGreaterThanOrEqual(1);
    expect((await linesOf(admin, 'message_flagged')).length).toBeGreaterThanOrEqual(1);
  });

  it('sends a password-change notice that cannot be unsubscribed', async () => {
    const admin2 = await createTestUser(server.db, 'admin', { email: 'second-admin@example.com' });
    const res = await api.post(
      '/api/auth/admin/update-password',
      { oldPassword: admin2.password, newPassword: 'a-new-password-1' },
      { token: admin2.token },
    );
    expect(res.status).toBe(200);
    const [mail] = await mailbox.waitFor(admin2.email!, 1);
    expect(mail!.mail.subject).toBe('Your Cutroom password was changed');
    expect(rawHeader(mail!, 'List-Unsubscribe')).toBeUndefined();
  });
});

describe('notifications of deadlines, cancellation and refunds', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;
  let admin: TestUser;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      SMTP_URL: mailbox.url,
      NOTIFY_MAIL_RETRY_SECONDS: '1',
      // A delivery nobody reviews completes after 6 s, with the warning 4 s before.
      ORDER_AUTO_COMPLETE_HOURS: String(6 / 3600),
      ORDER_AUTO_COMPLETE_WARNING_HOURS: String(4 / 3600),
    });
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  const kindsOf = async (who: TestUser) =>
    (
      (await api.get('/api/notifications?limit=100', { token: who.token })).body as NotificationsPage
    ).data.map((n) => n.kind);

  it('warns the creator before an order completes by itself, then tells both sides it completed', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', { email: 'auto-editor@example.com' });
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId, { title: 'Podcast cut' });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    await deliver(api, editor, roomId, offer._id);
    await eventually(async () => (await kindsOf(creator)).includes('order_completed'), 30_000);
    const kinds = await kindsOf(creator);
    expect(kinds.filter((k) => k === 'auto_complete_soon')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'order_completed')).toHaveLength(1);
    await eventually(async () => (await kindsOf(editor)).includes('order_completed'));
    const soon = await mailbox.waitFor(creator.email!, 5, 20_000);
    expect(soon.filter((d) => /completes automatically/.test(d.mail.subject ?? ''))).toHaveLength(1);
    const done = soon.find((d) => /is completed/.test(d.mail.subject ?? ''))!;
    expect(done.mail.text).toMatch(/automatically/i);
  });

  it('tells both sides of an admin cancellation and the creator of the refund', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', { email: 'cancel-editor@example.com' });
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId, { title: 'Launch video', amount: 3000 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const cancelled = await api.post(
      `/api/admin/orders/${offer._id}/cancel`,
      { full: true, note: 'The creator asked support to stop the work' },
      { token: admin.token },
    );
    expect(cancelled.status).toBe(200);
    await eventually(async () => {
      const kinds = await kindsOf(creator);
      return kinds.includes('order_cancelled') && kinds.includes('refund_issued');
    }, 20_000);
    expect(await kindsOf(editor)).toContain('order_cancelled');
    const mails = await mailbox.waitFor(creator.email!, 4, 20_000);
    const refund = mails.filter((d) => /Refund of ₹3,000/.test(d.mail.subject ?? ''));
    expect(refund).toHaveLength(1);
    const cancel = mails.filter((d) => /was cancelled/.test(d.mail.subject ?? ''));
    expect(cancel).toHaveLength(1);
    expect(cancel[0]!.mail.text).toContain('₹3,000');
  });
});
