import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  ORDER_MESSAGES,
  type Order,
} from '@cutroom/contracts';
import { orders } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, adminDetail, openRoom, orderAs, sendOffer, step } from './orders/fixtures';

/** Listing orders (own and admin's), and what the offer, brief and cancellation inputs accept. */
describe('orders API: listings and validation', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;
  let otherCreator: TestUser;
  let otherEditor: TestUser;
  let roomId: string;
  let otherRoomId: string;
  /** The five offers of the main pair, oldest first. */
  let sent: Order[] = [];
  let otherOrder: Order;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [admin, creator, editor, otherCreator, otherEditor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator', { username: `zara-${Date.now().toString(36)}` }),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
    otherRoomId = await openRoom(api, otherCreator, otherEditor);
    for (let i = 1; i <= 5; i++) {
      sent.push(await sendOffer(api, editor, roomId, { title: `Reel number ${i}`, amount: 1000 + i }));
    }
    // #2 declined, #3 accepted to pay first; the others stay offered.
    await step(api, creator, `/api/orders/${sent[1]!._id}/decline`);
    await acceptOffer(api, creator, sent[2]!._id, true);
    otherOrder = await sendOffer(api, otherEditor, otherRoomId, { title: 'Travel vlog', amount: 900 });
    sent = await Promise.all(sent.map((o) => orderAs(api, creator, o._id)));
  });
  afterAll(() => server?.close());

  const list = (who: TestUser, query: string) => api.get(`/api/orders${query}`, { token: who.token });
  const ids = (orders: Order[]) => orders.map((o) => o._id);

  describe('GET /api/orders', () => {
    it('pages newest first with limit and nextCursor, to the last page', async () => {
      const newestFirst = ids([...sent].reverse());
      const seen: string[] = [];
      let cursor: string | undefined;
      const sizes: number[] = [];
      do {
        const res = await list(creator, `?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status).toBe(200);
        sizes.push(res.body.data.length);
        seen.push(...ids(res.body.data));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([2, 2, 1]);
      expect(seen).toEqual(newestFirst);
      // The editor pages through the same orders.
      const asEditor = await list(editor, '?limit=100');
      expect(ids(asEditor.body.data)).toEqual(newestFirst);
      expect(asEditor.body.nextCursor).toBeUndefined();
    });

    it('refuses a cursor it did not make with 400, and pages through orders made in one millisecond', async () => {
      // The second is a cursor of the earlier format (time to the millisecond, then any text).
      for (const before of ['garbage', Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url')]) {
        const res = await list(creator, `?before=${before}`);
        expect([res.status, res.body.message]).toEqual([400, 'Invalid cursor']);
      }
      // Two orders created in one millisecond (the column keeps milliseconds): the id breaks the tie.
      const [first, second] = [sent[0]!, sent[1]!];
      const stamp = (id: string, at: string) =>
        server.db
          .update(orders)
          .set({ createdAt: sql`${at}::timestamptz` })
          .where(eq(orders.id, id));
      await stamp(first._id, '2025-01-01T00:00:00.123400Z');
      await stamp(second._id, '2025-01-01T00:00:00.123500Z');
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await list(creator, `?limit=1${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...ids(res.body.data));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen.slice(-2)).toEqual([second._id, first._id]);
      expect(seen).toHaveLength(sent.length);
    });

    it('filters by status (a status, or open) and by room', async () => {
      const open = await list(creator, '?status=open');
      expect(ids(open.body.data)).toEqual(ids([sent[4]!, sent[3]!, sent[2]!, sent[0]!]));
      const declined = await list(creator, '?status=declined');
      expect(ids(declined.body.data)).toEqual([sent[1]!._id]);
      const waiting = await list(editor, '?status=awaiting_payment');
      expect(ids(waiting.body.data)).toEqual([sent[2]!._id]);
      const room = await list(creator, `?roomId=${roomId}&limit=1`);
      expect(ids(room.body.data)).toEqual([sent[4]!._id]);
      expect(room.body.nextCursor).toEqual(expect.any(String));
      const bad = await list(creator, '?status=lost');
      expect(bad.status).toBe(400);
      const tooMany = await list(creator, '?limit=101');
      expect(tooMany.status).toBe(400);
    });

    it("a room you are not in is refused, and another pair's orders never show", async () => {
      const notMine = await list(creator, `?roomId=${otherRoomId}`);
      expect([notMine.status, notMine.body.message]).toEqual([403, CHAT_MESSAGES.notMember]);
      const asEditor = await list(editor, `?roomId=${otherRoomId}`);
      expect([asEditor.status, asEditor.body.message]).toEqual([403, CHAT_MESSAGES.notMember]);
      const missing = await list(creator, `?roomId=00000000-0000-4000-8000-000000000000`);
      expect([missing.status, missing.body.message]).toEqual([404, CHAT_MESSAGES.roomNotFound]);
      const others = await list(otherCreator, '?limit=100');
      expect(ids(others.body.data)).toEqual([otherOrder._id]);
      expect((await list(admin, '')).status).toBe(403);
    });

    it('an order of another pair is 404 for strangers, visible to its sides and admins', async () => {
      for (const who of [otherCreator, otherEditor]) {
        const res = await api.get(`/api/orders/${sent[0]!._id}`, { token: who.token });
        expect([res.status, res.body.message]).toEqual([404, ORDER_MESSAGES.notFound]);
      }
      const unknown = await api.get(`/api/orders/00000000-0000-4000-8000-000000000000`, {
        token: creator.token,
      });
      expect([unknown.status, unknown.body.message]).toEqual([404, ORDER_MESSAGES.notFound]);
      expect((await api.get(`/api/orders/not-a-uuid`, { token: creator.token })).status).toBe(400);
      expect((await api.get(`/api/orders/${sent[0]!._id}`)).status).toBe(401);
      expect((await api.get(`/api/orders/${sent[0]!._id}`, { token: admin.token })).status).toBe(200);
    });

    it("editors never see the creator's account id; creators and admins do", async () => {
      const asEditor = await list(editor, '?limit=100');
      for (const o of asEditor.body.data as Order[]) {
        expect(o.creator).toEqual({ username: creator.username });
      }
      const one = await api.get(`/api/orders/${sent[0]!._id}`, { token: editor.token });
      expect(one.body.data.creator).toEqual({ username: creator.username });
      expect(JSON.stringify(one.body)).not.toContain(creator.id);
      // Not in the reply to sending an offer either.
      const fresh = await sendOffer(api, editor, roomId, { title: 'Anniversary cut' });
      expect(fresh.creator).toEqual({ username: creator.username });
      expect((await orderAs(api, creator, fresh._id)).creator).toEqual({
        _id: creator.id,
        username: creator.username,
      });
      expect((await adminDetail(api, admin, fresh._id)).data.creator._id).toBe(creator.id);
      await step(api, editor, `/api/orders/${fresh._id}/withdraw`);
    });
  });

  describe('GET /api/admin/orders', () => {
    const adminList = (query: string) => api.get(`/api/admin/orders${query}`, { token: admin.token });

    it('lists every order with a total, and filters by status, editor, creator, late and q', async () => {
      const all = await adminList('?limit=100');
      expect(all.status).toBe(200);
      const everything = await server.db.select({ id: orders.id }).from(orders);
      expect(all.body.total).toBe(everything.length);
      expect(all.body).toMatchObject({ page: 1, limit: 100 });
      const paged = await adminList('?limit=2&page=2');
      expect(paged.body).toMatchObject({ page: 2, limit: 2, total: everything.length });
      expect(ids(paged.body.data)).toEqual(ids(all.body.data).slice(2, 4));

      const declined = await adminList('?status=declined');
      expect(ids(declined.body.data)).toEqual([sent[1]!._id]);
      expect(declined.body.total).toBe(1);
      const byEditor = await adminList(`?editorId=${otherEditor.id}`);
      expect(ids(byEditor.body.data)).toEqual([otherOrder._id]);
      const byCreator = await adminList(`?creatorId=${creator.id}&status=open&limit=100`);
      expect(ids(byCreator.body.data)).toEqual(ids([sent[4]!, sent[3]!, sent[2]!, sent[0]!]));

      const byReference = await adminList(`?q=${sent[3]!.reference}`);
      expect(ids(byReference.body.data)).toEqual([sent[3]!._id]);
      const lowerCase = await adminList(`?q=${sent[3]!.reference.toLowerCase()}`);
      expect(ids(lowerCase.body.data)).toEqual([sent[3]!._id]);
      const byName = await adminList(`?q=${creator.username.slice(0, 8)}&limit=100`);
      expect(byName.body.total).toBeGreaterThanOrEqual(5);
      for (const o of byName.body.data as Order[]) expect(o.creator.username).toBe(creator.username);
      const byEditorName = await adminList(`?q=${encodeURIComponent(otherEditor.username)}`);
      expect(ids(byEditorName.body.data)).toEqual([otherOrder._id]);
      expect((await adminList('?q=CR-1')).body.total).toBe(0);
    });

    it('late=true lists in-progress orders past their due date only', async () => {
      const offer = await sendOffer(api, editor, roomId, { title: 'Late one' });
      await acceptOffer(api, creator, offer._id, false);
      const onTime = await sendOffer(api, editor, roomId, { title: 'On time' });
      await acceptOffer(api, creator, onTime._id, false);
      expect((await adminList('?late=true')).body.total).toBe(0);
      // Fast-forward: the first one's due date passes.
      await server.db
        .update(orders)
        .set({ dueAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, offer._id));
      const late = await adminList('?late=true');
      expect(ids(late.body.data)).toEqual([offer._id]);
      expect(late.body.data[0]).toMatchObject({ late: true, status: 'in_progress' });
      expect((await adminList('?late=maybe')).status).toBe(400);
    });

    it('is for admins only', async () => {
      for (const who of [creator, editor]) {
        expect((await api.get('/api/admin/orders', { token: who.token })).status).toBe(403);
        expect((await api.get(`/api/admin/orders/${sent[0]!._id}`, { token: who.token })).status).toBe(403);
      }
    });
  });

  describe('offer, brief and reason validation', () => {
    const offer = (body: Record<string, unknown>, who = editor) =>
      api.post(`/api/chat/${roomId}/offers`, body, { token: who.token });
    const good = {
      title: 'Wedding teaser',
      description: 'A 60 s teaser',
      amount: 5000,
      deliveryDays: 5,
      revisions: 2,
    };
    const count = async () => (await server.db.select({ id: orders.id }).from(orders)).length;

    it('refuses out-of-range prices, days, revisions and short titles with the field named', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: 99 }, 'Price must be at least 100'],
        [{ amount: 10_00_001 }, 'Price must be at most 1000000'],
        [{ amount: 150.5 }, 'Price must be a whole number'],
        [{ amount: 'lots' }, 'Price must be a number'],
        [{ deliveryDays: 0 }, 'Delivery time must be at least 1'],
        [{ deliveryDays: 91 }, 'Delivery time must be at most 90'],
        [{ revisions: 11 }, 'Revisions must be at most 10'],
        [{ revisions: -1 }, 'Revisions must be at least 0'],
        [{ title: 'ab' }, 'Title must be at least 3 characters'],
        [{ title: '   ab   ' }, 'Title must be at least 3 characters'],
        [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
        [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
        [{ title: undefined }, 'Title is required'],
      ];
      for (const [patch, message] of cases) {
        const res = await offer({ ...good, ...patch });
        expect({ patch, status: res.status, message: res.body.message }).toEqual({
          patch,
          status: 400,
          message,
        });
      }
      expect(await count()).toBe(before);
    });

    it('refuses NUL bytes and contact details hidden with invisible characters', async () => {
      const before = await count();
      const nul = await offer({ ...good, title: 'Teaser\u0000cut' });
      expect([nul.status, nul.body.message]).toEqual([400, 'Text must not contain NUL characters']);
      const hiddenPhone = await offer({ ...good, description: 'WhatsApp 98765\u200b43210 for raw files' });
      expect([hiddenPhone.status, hiddenPhone.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      const hiddenMail = await offer({ ...good, title: 'me\u200d@gmail\u200b.com' });
      expect([hiddenMail.status, hiddenMail.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      expect(await count()).toBe(before);
    });

    it('a title made only of invisible characters is refused as too short (it would show as a blank title)', async () => {
      const before = await count();
      const invisible = await offer({ ...good, title: '\u200b\u200b\u200b\u200b' });
      expect([invisible.status, invisible.body.message]).toEqual([
        400,
        'Title must be at least 3 characters',
      ]);
      expect(await count()).toBe(before);
    });

    it('a 2 MB body is refused as too large (413 or 400), never a 500', async () => {
      const res = await offer({ ...good, description: 'x'.repeat(2 * 1024 * 1024) });
      expect([413, 400]).toContain(res.status);
      expect(res.body.message).toBe('The request is too large');
      const reason = await api.post(
        `/api/orders/${sent[2]!._id}/cancellation`,
        { reason: 'y'.repeat(2 * 1024 * 1024) },
        { token: creator.token },
      );
      expect([413, 400]).toContain(reason.status);
    });

    it("contact details in an offer, a brief or a cancellation reason are refused with the chat's message", async () => {
      const before = await count();
      const inOffer = await offer({ ...good, description: 'Call me on 98765 43210' });
      expect([inOffer.status, inOffer.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      const inTitle = await offer({ ...good, title: 'Mail rohan at gmail dot com' });
      expect([inTitle.status, inTitle.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      expect(await count()).toBe(before);

      const brief = await api.post(
        `/api/chat/${roomId}/offer-requests`,
        { brief: 'Three reels, send them to rohan.k@gmail.com' },
        { token: creator.token },
      );
      expect([brief.status, brief.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      const okBrief = await api.post(
        `/api/chat/${roomId}/offer-requests`,
        { brief: 'Three reels of 30 s for ₹15,000' },
        { token: creator.token },
      );
      expect(okBrief.status).toBe(201);
      expect(okBrief.body.data.data.offerRequest).toEqual({
        brief: 'Three reels of 30 s for ₹15,000',
        tier: null,
      });

      const fresh = await sendOffer(api, editor, roomId, { title: 'Brief check' });
      const acceptBrief = await api.post(
        `/api/orders/${fresh._id}/accept`,
        { payNow: true, brief: 'ping me: 9876543210' },
        { token: creator.token },
      );
      expect([acceptBrief.status, acceptBrief.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      expect((await orderAs(api, creator, fresh._id)).status).toBe('offered');

      const target = sent[2]!._id;
      const beforeDetail = await adminDetail(api, admin, target);
      for (const path of ['cancellation', 'cancel']) {
        const res = await api.post(
          `/api/orders/${target}/${path}`,
          { reason: 'Talk to me on 98765-43210 instead' },
          { token: creator.token },
        );
        expect([path, res.status, res.body.message]).toEqual([path, 400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      }
      const adminCancel = await api.post(
        `/api/admin/orders/${target}/cancel`,
        { full: true, note: 'Creator reachable at a@b.co' },
        { token: admin.token },
      );
      expect([adminCancel.status, adminCancel.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
      const afterDetail = await adminDetail(api, admin, target);
      expect(afterDetail.data).toEqual(beforeDetail.data);
      expect(afterDetail.events).toHaveLength(beforeDetail.events.length);
    });

    it('only the room editor sends offers, only the room creator asks for one', async () => {
      const byCreator = await api.post(`/api/chat/${roomId}/offers`, good, { token: creator.token });
      expect(byCreator.status).toBe(403);
      const byStranger = await api.post(`/api/chat/${roomId}/offers`, good, { token: otherEditor.token });
      expect([byStranger.status, byStranger.body.message]).toEqual([403, CHAT_MESSAGES.notMember]);
      const askByEditor = await api.post(
        `/api/chat/${roomId}/offer-requests`,
        { brief: 'x' },
        { token: editor.token },
      );
      expect(askByEditor.status).toBe(403);
    });
  });
});
