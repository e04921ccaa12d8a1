import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_READ_EVENT,
  ALWAYS_SENT_KINDS,
  NOTIFICATION_KINDS_BY_ROLE,
  NOTIFICATION_MESSAGES,
  type AppNotification,
  type NotificationKind,
  type NotificationsPage,
  type NotificationsReadEvent,
} from '@cutroom/contracts';
import { connectChat, nextEvent, type ChatClient } from './chat-clients';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startMailbox, type Mailbox } from './helpers/mailbox';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, checkout, deliver, openRoom, sendOffer, startPayment, step } from './orders/fixtures';

/**
 * Acting on what a notice is about reads it (issue 25, item 17): opening or answering the room, accepting
 * or declining an offer, paying, approving, delivering, answering a cancellation, reviewing, opening the
 * order. Each action reads the actor's lines of that thing, and only theirs; their tabs hear the figure.
 * A proposal to cancel, which goes through by itself, is e-mailed whatever the settings.
 */
describe('notifications read by acting', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      SMTP_URL: mailbox.url,
      NOTIFY_DIGEST_SECONDS: '1',
      NOTIFY_MAIL_RETRY_SECONDS: '1',
    });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
    await mailbox?.close();
  });

  const bell = async (who: TestUser): Promise<NotificationsPage> => {
    const res = await api.get('/api/notifications?limit=100', { token: who.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const unread = async (who: TestUser) => (await bell(who)).unreadCount;
  const lines = async (who: TestUser, kind: NotificationKind, orderId?: string) =>
    (await bell(who)).data.filter((n) => n.kind === kind && (!orderId || n.orderId === orderId));
  /** Waits for a line to arrive, unread. */
  const arrived = (who: TestUser, kind: NotificationKind, orderId?: string) =>
    eventually(async () => {
      const found = (await lines(who, kind, orderId)).find((n) => !n.read);
      return found ?? null;
    }, 20_000);
  const isRead = async (who: TestUser, line: AppNotification) =>
    (await bell(who)).data.find((n) => n._id === line._id)!.read;
  const readEvent = (socket: ChatClient, id: string) =>
    nextEvent<NotificationsReadEvent>(socket, NOTIFICATIONS_READ_EVENT, (e) => e.ids?.includes(id) ?? false);

  async function pair() {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', {
      email: `ed-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
    });
    return { creator, editor, roomId: await openRoom(api, creator, editor) };
  }

  it('a creator acting on each thing ends with 0 unread; the editor and another creator keep theirs', async () => {
    const { creator, editor, roomId } = await pair();
    const other = await pair();
    const othersOffer = await sendOffer(api, other.editor, other.roomId, { title: 'Not yours' });
    const othersLine = await arrived(other.creator, 'offer_received', othersOffer._id);

    // Away (no tab open): the editor's messages become the room's summary line.
    for (const text of ['Hi!', 'I can start tomorrow'])
      expect(
        (await api.post('/api/chat/message', { chatRoomId: roomId, content: text }, { token: editor.token }))
          .status,
      ).toBe(201);
    const digest = await arrived(creator, 'new_messages');
    const first = await sendOffer(api, editor, roomId, { title: 'Teaser' });
    const second = await sendOffer(api, editor, roomId, { title: 'Trailer' });
    const firstLine = await arrived(creator, 'offer_received', first._id);
    const secondLine = await arrived(creator, 'offer_received', second._id);
    expect(await unread(creator)).toBe(3);

    // Accepting one offer reads that offer's line, live on the creator's tab, and nothing else.
    const tab = await connectChat(server.url, creator.token);
    sockets.push(tab);
    const live = readEvent(tab, firstLine._id);
    await acceptOffer(api, creator, first._id, true);
    expect(await live).toEqual({ ids: [firstLine._id], unreadCount: 2 });
    expect(await isRead(creator, secondLine)).toBe(false);
    expect(await isRead(creator, digest)).toBe(false);

    // Declining the other reads its line.
    await step(api, creator, `/api/orders/${second._id}/decline`);
    expect(await isRead(creator, secondLine)).toBe(true);
    expect(await unread(creator)).toBe(1);

    // Opening the room reads its summary line.
    const page = await api.get(`/api/chat/${roomId}/messages`, { token: creator.token });
    expect(page.status).toBe(200);
    expect(await isRead(creator, digest)).toBe(true);
    expect(await unread(creator)).toBe(0);

    // Paying: the receipt line is read once the creator opens the payment's page (payment-success).
    const payment = await startPayment(api, creator, first._id);
    expect(await checkout(server, payment.paymentSessionId)).toBe(303);
    const paid = await arrived(creator, 'order_paid', first._id);
    const editorPaid = await arrived(editor, 'order_paid', first._id);
    expect((await api.get(`/api/payment/status/${payment.orderId}`, { token: creator.token })).status).toBe(
      200,
    );
    expect(await isRead(creator, paid)).toBe(true);
    // The editor's line of the same step is theirs: untouched until they act (deliver) below.
    expect(await isRead(editor, editorPaid)).toBe(false);

    // Delivering reads the editor's; approving the delivery reads the creator's (and the completion).
    await deliver(api, editor, roomId, first._id);
    expect(await isRead(editor, editorPaid)).toBe(true);
    const ready = await arrived(creator, 'delivery_ready', first._id);
    const [delivery] = (await api.get(`/api/chat/${roomId}/deliveries`, { token: editor.token })).body.data;
    const approve = await api.post(`/api/deliveries/${delivery._id}/approve`, {}, { token: creator.token });
    expect(approve.status).toBe(200);
    expect(await isRead(creator, ready)).toBe(true);
    const completed = await lines(creator, 'order_completed', first._id);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.read).toBe(true);
    expect(await unread(creator)).toBe(0);
    // The editor's completion line waits for them.
    const editorDone = await arrived(editor, 'order_completed', first._id);

    // A proposal to cancel another order: declining it reads it.
    const third = await sendOffer(api, editor, roomId, { title: 'Shorts pack' });
    await arrived(creator, 'offer_received', third._id);
    await acceptOffer(api, creator, third._id, false);
    await step(api, editor, `/api/orders/${third._id}/cancellation`, { reason: 'Double booked' });
    const proposal = await arrived(creator, 'cancellation_requested', third._id);
    expect(proposal.title).toBe(`${editor.username} proposes cancelling ${third.reference}`);
    await step(api, creator, `/api/orders/${third._id}/cancellation/decline`);
    expect(await isRead(creator, proposal)).toBe(true);

    // Opening an order reads what is left of it; a review reads the completed order's lines.
    await step(api, editor, `/api/orders/${third._id}/cancellation`, { reason: 'Still double booked' });
    await eventually(async () => (await lines(creator, 'cancellation_requested', third._id)).length === 2);
    expect(await unread(creator)).toBe(1);
    expect((await api.get(`/api/orders/${third._id}`, { token: creator.token })).status).toBe(200);
    expect(await unread(creator)).toBe(0);
    const reviewed = await api.post(
      `/api/orders/${first._id}/review`,
      { rating: 5, text: 'Great cut' },
      { token: creator.token },
    );
    expect(reviewed.status).toBe(201);
    const reply = await api.post(
      `/api/reviews/${reviewed.body.data._id}/reply`,
      { reply: 'Thank you!' },
      { token: editor.token },
    );
    expect(reply.status).toBe(200);
    expect(await isRead(editor, editorDone)).toBe(true);

    // Nobody else's lines moved: the other creator's offer is still unread, the bell still counts it.
    expect(await unread(creator)).toBe(0);
    expect(await isRead(other.creator, othersLine)).toBe(false);
    expect(await unread(other.creator)).toBe(1);
    // A stranger opening the room is refused and reads nothing.
    expect((await api.get(`/api/chat/${other.roomId}/messages`, { token: creator.token })).status).toBe(403);
    expect((await api.get(`/api/orders/${othersOffer._id}`, { token: creator.token })).status).toBe(404);
    expect(await unread(other.creator)).toBe(1);
  });

  it("answering in the room reads the member's summary of it; a catch-up page does not", async () => {
    const { creator, editor, roomId } = await pair();
    const say = (who: TestUser, content: string) =>
      api.post('/api/chat/message', { chatRoomId: roomId, content }, { token: who.token });
    const sent = await say(creator, 'Files are up');
    expect(sent.status).toBe(201);
    const digest = await arrived(editor, 'new_messages');
    // A tab catching up after a reconnection (a page after a known message) has not opened the room.
    const catchUp = await api.get(`/api/chat/${roomId}/messages?after=${sent.body.data._id}`, {
      token: editor.token,
    });
    expect(catchUp.status).toBe(200);
    expect(await isRead(editor, digest)).toBe(false);
    expect((await say(editor, 'Got them')).status).toBe(201);
    await eventually(async () => isRead(editor, digest));
    expect(await unread(editor)).toBe(0);
  });

  it('e-mails a proposal to cancel whatever the settings, and shows it locked on', async () => {
    const { creator, editor, roomId } = await pair();
    // Every kind that can be turned off is; the always-sent ones (this proposal among them) cannot be.
    const optional = NOTIFICATION_KINDS_BY_ROLE.creator.filter((k) => !ALWAYS_SENT_KINDS.includes(k));
    const off = await api.put(
      '/api/notifications/preferences',
      { email: Object.fromEntries(optional.map((k) => [k, false])) },
      { token: creator.token },
    );
    expect(off.status).toBe(200);
    expect(off.body.data.locked).toContain('cancellation_requested');
    expect(off.body.data.email.cancellation_requested).toBe(true);
    const refused = await api.put(
      '/api/notifications/preferences',
      { email: { cancellation_requested: false } },
      { token: creator.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOTIFICATION_MESSAGES.locked);

    const offer = await sendOffer(api, editor, roomId, { title: 'Podcast clips' });
    await acceptOffer(api, creator, offer._id, false);
    await step(api, editor, `/api/orders/${offer._id}/cancellation`, { reason: 'Out sick this week' });
    const [mail] = await mailbox.waitFor(creator.email!, 1, 20_000);
    expect(mail!.mail.subject).toContain(`${editor.username} proposes cancelling ${offer.reference}`);
    expect(mail!.mail.text).toContain('Out sick this week');
    expect(mail!.mail.text).toContain('E-mails like this one are always sent');
    // Nothing else was mailed: the offer's mail was turned off.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(creator.email!)).toHaveLength(1);
  });
});
