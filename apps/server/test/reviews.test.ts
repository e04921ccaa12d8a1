import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, REVIEW_MESSAGES } from '@cutroom/contracts';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, openRoom, orderAs, sendOffer } from './orders/fixtures';
import { catalogueEditor, completedInDb, completedOrder, review } from './reviews/fixtures';

/** Issue 15: who may review what and when; averages after hide/unhide; one reply. */
describe('reviews of completed orders', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const card = async (editorId: string) => (await api.get(`/api/users/editors/${editorId}`)).body.data;
  const reviewsOf = async (editorId: string, token?: string) =>
    (await api.get(`/api/users/editors/${editorId}/reviews`, token ? { token } : {})).body;

  it('lets only the creator review a completed order, once, within 30 days', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const stranger = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 1500 } });
    const order = await completedOrder(api, server, creator, editor);
    expect(order.reviewableUntil).toBeTruthy();
    expect(new Date(order.reviewableUntil!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await orderAs(api, editor, order._id)).reviewableUntil).toBeNull();

    // Someone else's order looks like no order; the editor and admins are not its creator.
    const byStranger = await review(api, stranger, order._id);
    expect([byStranger.status, byStranger.body.message]).toEqual([404, REVIEW_MESSAGES.orderNotFound]);
    expect((await review(api, editor, order._id)).status).toBe(403);
    expect((await review(api, admin, order._id)).status).toBe(403);
    expect((await api.post(`/api/orders/${order._id}/review`, { rating: 5 })).status).toBe(401);
    expect((await review(api, creator, 'not-a-uuid')).status).toBe(404);

    // Not completed: an order in progress.
    const room = await openRoom(api, creator, editor);
    const open = await sendOffer(api, editor, room, { amount: 999 });
    await acceptOffer(api, creator, open._id, false);
    const early = await review(api, creator, open._id);
    expect([early.status, early.body.message]).toEqual([409, REVIEW_MESSAGES.notCompleted]);

    // Bad input is refused and stores nothing.
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { rating: 5, quality: 9 },
      { rating: 5, text: 'x'.repeat(2001) },
      { rating: 5, text: 'nul \u0000 inside' },
    ]) {
      const res = await review(api, creator, order._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const contact = await review(api, creator, order._id, {
      rating: 5,
      text: 'call me on nine eight seven six five four three two one zero',
    });
    expect([contact.status, contact.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    const huge = await api.post(
      `/api/orders/${order._id}/review`,
      { rating: 5, text: 'a'.repeat(3_000_000) },
      { token: creator.token },
    );
    expect([400, 413]).toContain(huge.status);
    expect((await reviewsOf(editor.id)).total).toBe(0);

    // The review: stars, optional sub-ratings, invisible characters dropped.
    const ok = await review(api, creator, order._id, {
      rating: 4,
      communication: 5,
      quality: 4,
      text: '\u200b Lovely pacing, on brief. \u200b',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe(REVIEW_MESSAGES.created);
    expect(ok.body.data).toMatchObject({
      rating: 4,
      communication: 5,
      quality: 4,
      onTime: null,
      text: 'Lovely pacing, on brief.',
      author: creator.username,
      orderTitle: 'Wedding teaser',
      reply: null,
    });
    const again = await review(api, creator, order._id, { rating: 1 });
    expect([again.status, again.body.message]).toEqual([409, REVIEW_MESSAGES.already]);
    const reviewed = await orderAs(api, creator, order._id);
    expect(reviewed.review).toEqual({ _id: ok.body.data._id, rating: 4, hidden: false });
    expect(reviewed.reviewableUntil).toBeNull();

    // The window: completed 31 days ago → refused; 29 days ago → allowed.
    const old = await completedInDb(api, server, creator, editor, new Date(Date.now() - 31 * 86_400_000));
    const late = await review(api, creator, old);
    expect([late.status, late.body.message]).toEqual([409, REVIEW_MESSAGES.tooLate]);
    expect((await orderAs(api, creator, old)).reviewableUntil).toBeNull();
    const recent = await completedInDb(api, server, creator, editor, new Date(Date.now() - 29 * 86_400_000));
    expect((await review(api, creator, recent, { rating: 5 })).status).toBe(201);

    const list = await reviewsOf(editor.id);
    expect(list.total).toBe(2);
    expect(list.data.map((r: any) => r.rating)).toEqual([5, 4]);
    expect(JSON.stringify(list)).not.toContain(creator.email!);
  });

  it('stores one review when the creator sends two at once', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 1200 } });
    const orderId = await completedInDb(api, server, creator, editor);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => review(api, creator, orderId, { rating: n + 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const summary = (await reviewsOf(editor.id)).summary;
    expect(summary.count).toBe(1);
    const stored = results.find((r) => r.status === 201)!.body.data.rating;
    expect(summary.average).toBe(stored);
  });

  it('keeps averages, distribution and cards right through hide and unhide, with an audit log', async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 2000 } });
    const ids: string[] = [];
    for (const [rating, communication] of [
      [5, 5],
      [4, null],
      [1, 2],
    ] as const) {
      const creator = await createTestUser(server.db, 'creator');
      const orderId = await completedInDb(api, server, creator, editor);
      const res = await review(api, creator, orderId, { rating, communication, text: `${rating} stars` });
      expect(res.status).toBe(201);
      ids.push(res.body.data._id);
    }
    let { summary } = await reviewsOf(editor.id);
    expect(summary).toMatchObject({ average: 3.3, count: 3, communication: 3.5, quality: null });
    expect(summary.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
    expect((await card(editor.id)).rating).toEqual({ average: 3.3, count: 3 });

    const oneStar = ids[2]!;
    const asCreator = await api.post(
      `/api/admin/reviews/${oneStar}/hide`,
      { reason: 'Abusive' },
      { token: editor.token },
    );
    expect(asCreator.status).toBe(403);
    expect(
      (await api.post(`/api/admin/reviews/${oneStar}/hide`, { reason: '' }, { token: admin.token })).status,
    ).toBe(400);
    const hidden = await api.post(
      `/api/admin/reviews/${oneStar}/hide`,
      { reason: 'Abusive language' },
      { token: admin.token },
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });
    const twice = await api.post(
      `/api/admin/reviews/${oneStar}/hide`,
      { reason: 'Again' },
      { token: admin.token },
    );
    expect([twice.status, twice.body.message]).toEqual([409, REVIEW_MESSAGES.alreadyHidden]);

    const afterHide = await reviewsOf(editor.id);
    expect(afterHide.summary).toMatchObject({ average: 4.5, count: 2, communication: 5 });
    expect(afterHide.summary.distribution.find((d: any) => d.stars === 1).count).toBe(0);
    expect(afterHide.data.map((r: any) => r._id)).not.toContain(oneStar);
    // The public list is cached, and a hide clears it.
    const listed = (await api.get('/api/users/editors?limit=100')).body.data.find(
      (e: any) => e._id === editor.id,
    );
    expect(listed.rating).toEqual({ average: 4.5, count: 2 });

    const shown = await api.post(
      `/api/admin/reviews/${oneStar}/unhide`,
      { reason: 'Appeal accepted' },
      { token: admin.token },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.data.history.map((h: any) => [h.action, h.reason, h.admin])).toEqual([
      ['hidden', 'Abusive language', admin.username],
      ['shown', 'Appeal accepted', admin.username],
    ]);
    const notHidden = await api.post(
      `/api/admin/reviews/${oneStar}/unhide`,
      { reason: 'Again' },
      { token: admin.token },
    );
    expect(notHidden.status).toBe(409);
    ({ summary } = await reviewsOf(editor.id));
    expect(summary).toMatchObject({ average: 3.3, count: 3, communication: 3.5 });

    // The admin's list filters by state; nobody else may read it.
    await api.post(`/api/admin/reviews/${ids[1]}/hide`, { reason: 'Off topic' }, { token: admin.token });
    const hiddenList = await api.get('/api/admin/reviews?status=hidden&limit=100', { token: admin.token });
    expect(hiddenList.body.data.map((r: any) => r._id)).toContain(ids[1]);
    expect(hiddenList.body.data.every((r: any) => r.hidden)).toBe(true);
    expect((await api.get('/api/admin/reviews', { token: editor.token })).status).toBe(403);
    expect((await api.get('/api/admin/reviews?status=bogus', { token: admin.token })).status).toBe(400);

    // The incremental aggregates equal a recount of the visible reviews.
    const recount = (await server.db.execute(sql`
      select count(*)::int as n, coalesce(sum(rating), 0)::int as s from reviews
      where editor_id = ${editor.id} and hidden_at is null`)) as unknown as {
      rows: { n: number; s: number }[];
    };
    const kept = (await server.db.execute(sql`
      select rating_count, rating_sum from users where id = ${editor.id}`)) as unknown as {
      rows: { rating_count: number; rating_sum: number }[];
    };
    expect([kept.rows[0]!.rating_count, kept.rows[0]!.rating_sum]).toEqual([
      recount.rows[0]!.n,
      recount.rows[0]!.s,
    ]);
  });

  it('lets the reviewed editor reply once, in public', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
    const otherEditor = await createTestUser(server.db, 'editor');
    const orderId = await completedInDb(api, server, creator, editor);
    const { body } = await review(api, creator, orderId, { rating: 3, text: 'Fine' });
    const id = body.data._id;

    expect((await reviewsOf(editor.id, editor.token)).data[0].canReply).toBe(true);
    expect((await reviewsOf(editor.id, creator.token)).data[0].canReply).toBeUndefined();
    expect(
      (await api.post(`/api/reviews/${id}/reply`, { reply: 'Thanks' }, { token: otherEditor.token })).status,
    ).toBe(403);
    expect(
      (await api.post(`/api/reviews/${id}/reply`, { reply: 'Thanks' }, { token: creator.token })).status,
    ).toBe(403);
    expect(
      (await api.post(`/api/reviews/${id}/reply`, { reply: '   ' }, { token: editor.token })).status,
    ).toBe(400);
    const contact = await api.post(
      `/api/reviews/${id}/reply`,
      { reply: 'write to me at rahul@gmail.com' },
      { token: editor.token },
    );
    expect(contact.status).toBe(400);

    const replies = await Promise.all(
      ['Thank you!', 'Thanks again'].map((reply) =>
        api.post(`/api/reviews/${id}/reply`, { reply }, { token: editor.token }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await reviewsOf(editor.id, editor.token);
    expect(list.data[0].reply).toBe(replies.find((r) => r.status === 200)!.body.data.reply);
    expect(list.data[0].canReply).toBe(false);
    expect(list.data[0].repliedAt).toBeTruthy();
  });
});
