import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, REVIEW_MESSAGES, UNPAID_COMPLETED_LABEL } from '@cutroom/contracts';
import { reviews } from '../src/db/schema';
import { countReview } from '../src/modules/reviews/aggregates';
import { runMigrationFile } from './helpers/database';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, deliver, openRoom, orderAs, payOrder, sendOffer } from './orders/fixtures';
import { catalogueEditor, review } from './reviews/fixtures';

/**
 * Issue 25, item 6: a review and every track-record figure come from paid work. An order accepted to pay
 * on approval, approved and never paid is "Completed · awaiting payment"; it cannot be reviewed and does
 * not count as completed work until its payment arrives.
 */
describe('reviews and track record come from paid work', { timeout: 120_000 }, () => {
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
  const summaryOf = async (editorId: string) =>
    (await api.get(`/api/users/editors/${editorId}/reviews`)).body.summary;

  /** Offer accepted to pay on approval, delivered and approved: completed, nothing paid. */
  async function approvedUnpaid(creator: TestUser, editor: TestUser) {
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId, { amount: 2500, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, false);
    const delivery = await deliver(api, editor, roomId, offer._id);
    const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
      token: creator.token,
    });
    expect(approved.status).toBe(200);
    return offer._id;
  }

  it('an approved, unpaid order reads "Completed · awaiting payment" and cannot be reviewed', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
    const orderId = await approvedUnpaid(creator, editor);

    const toEditor = await orderAs(api, editor, orderId);
    expect(toEditor).toMatchObject({ status: 'completed', paid: false, statusLabel: UNPAID_COMPLETED_LABEL });
    expect(UNPAID_COMPLETED_LABEL).toBe('Completed · awaiting payment');
    const toCreator = await orderAs(api, creator, orderId);
    expect(toCreator.statusLabel).toBe(UNPAID_COMPLETED_LABEL);
    expect(toCreator.reviewableUntil).toBeNull();
    expect(toCreator.actions).toContain('pay');

    const refused = await review(api, creator, orderId, { rating: 5, text: 'Great cut' });
    expect([refused.status, refused.body.message]).toEqual([409, REVIEW_MESSAGES.notPaid]);
    // No rating and no completed order on the editor's page.
    expect((await card(editor.id)).trackRecord).toMatchObject({ completedOrders: 0, onTimeRate: null });
    expect(await summaryOf(editor.id)).toMatchObject({ average: null, count: 0 });
  });

  it('three unpaid approvals give the editor no rating and no track record', async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
    for (let i = 0; i < 3; i++) {
      const creator = await createTestUser(server.db, 'creator');
      const orderId = await approvedUnpaid(creator, editor);
      expect((await review(api, creator, orderId, { rating: 5 })).status).toBe(409);
    }
    const shown = await card(editor.id);
    expect(shown.trackRecord).toMatchObject({ completedOrders: 0, onTimeRate: null });
    expect(shown.rating).toEqual({ average: null, count: 0 });
    expect(await summaryOf(editor.id)).toMatchObject({ average: null, count: 0 });
  });

  it('once paid, the order reads "Completed", counts, and can be reviewed', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
    const orderId = await approvedUnpaid(creator, editor);
    await payOrder(api, server, creator, orderId);

    const toEditor = await orderAs(api, editor, orderId);
    expect(toEditor).toMatchObject({ paid: true, statusLabel: ORDER_STATUS_LABELS.completed });
    const toCreator = await orderAs(api, creator, orderId);
    expect(new Date(toCreator.reviewableUntil!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await card(editor.id)).trackRecord).toMatchObject({ completedOrders: 1, onTimeRate: 1 });

    expect((await review(api, creator, orderId, { rating: 5, text: 'Great cut' })).status).toBe(201);
    expect(await summaryOf(editor.id)).toMatchObject({ average: 5, count: 1 });
  });

  it('the migration hides reviews of unpaid orders and recounts every figure from paid work', async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
    // A paid order reviewed with 4 stars, and an unpaid one that the old rules let through with 5.
    const payer = await createTestUser(server.db, 'creator');
    const paidId = await approvedUnpaid(payer, editor);
    await payOrder(api, server, payer, paidId);
    expect((await review(api, payer, paidId, { rating: 4, quality: 4 })).status).toBe(201);
    const faker = await createTestUser(server.db, 'creator');
    const fakeId = await approvedUnpaid(faker, editor);
    const [fake] = await server.db
      .insert(reviews)
      .values({ orderId: fakeId, editorId: editor.id, creatorId: faker.id, rating: 5, quality: 5 })
      .returning();
    await server.db.transaction((tx) => countReview(tx as never, fake!, 1));
    await server.db.execute(
      sql`update users set completed_orders = 2, on_time_orders = 2 where id = ${editor.id}`,
    );
    server.app.editorCatalogue.changed();
    expect(await summaryOf(editor.id)).toMatchObject({ average: 4.5, count: 2 });

    await runMigrationFile(server.db, '0022_paid-work-reviews.sql');
    server.app.editorCatalogue.changed();

    expect(await summaryOf(editor.id)).toMatchObject({ average: 4, count: 1, quality: 4 });
    const shown = await card(editor.id);
    expect(shown.rating).toEqual({ average: 4, count: 1 });
    expect(shown.trackRecord).toMatchObject({ completedOrders: 1, onTimeRate: 1 });
    const hidden = await api.get(`/api/admin/reviews?status=hidden&limit=100`, { token: admin.token });
    const entry = hidden.body.data.find((r: { _id: string }) => r._id === fake!.id);
    expect(entry).toMatchObject({
      hidden: true,
      hiddenReason: 'Hidden automatically: its order was never paid',
    });
    // It stays hidden until its order is paid.
    const unhide = await api.post(
      `/api/admin/reviews/${fake!.id}/unhide`,
      { reason: 'Looks fine' },
      { token: admin.token },
    );
    expect([unhide.status, unhide.body.message]).toEqual([409, REVIEW_MESSAGES.unpaidStaysHidden]);
  });
});
