import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, TIER_TERMS_REQUIRED } from '@cutroom/contracts';
import { editorPortfolios, orders, payments, type StoredTier } from '../src/db/schema';
import { runMigrationFile } from './helpers/database';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/**
 * A tier states its delivery days and revisions (issue 25, item 9): the structure editor saves them, the
 * public pages and the list read them, Pay Now buys exactly them and never a range at its minimum, and
 * tiers saved before they existed get the terms they used to promise (drizzle/0024_tier-terms.sql).
 */
describe('tiers state their delivery days and revisions', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [admin, creator] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
    ]);
  });
  afterAll(() => server?.close());

  const tier = (title: string, pricing: unknown[], terms: Record<string, unknown> = {}) => ({
    title,
    description: `${title} work`,
    // Features that the old hidden defaults read: they must not decide the terms any more.
    features: ['1 revision', 'Express delivery'],
    pricing,
    ...terms,
  });
  const saveTiers = (editorId: string, tiers: unknown[]) =>
    api.patch(
      `/api/admin/editors/${editorId}/portfolio/structure`,
      { whatsIncluded: [], tiers },
      { token: admin.token },
    );
  const buy = (editorId: string, title: string) =>
    api.post(`/api/payment/${editorId}/${title}`, { phone: '9876543210' }, { token: creator.token });

  it('saves them per tier, requires them on a priced tier and keeps them within the offer limits', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const missing = await saveTiers(editor.id, [tier('basic', [{ reelCount: 1, priceMin: 999 }])]);
    expect(missing.status).toBe(400);
    // The first problem, named by its field (as every invalid body is answered).
    expect(missing.body.message).toBe(`tiers.0.deliveryDays: ${TIER_TERMS_REQUIRED.deliveryDays}`);
    for (const [terms, message] of [
      [{ deliveryDays: 0, revisions: 1 }, 'deliveryDays: Delivery time must be at least 1 day'],
      [{ deliveryDays: 91, revisions: 1 }, 'deliveryDays: Delivery time must be at most 90 days'],
      [{ deliveryDays: 3, revisions: 11 }, 'revisions: Revisions must be at most 10'],
      [{ deliveryDays: 3, revisions: -1 }, 'revisions: Revisions cannot be negative'],
      [{ deliveryDays: 3 }, `revisions: ${TIER_TERMS_REQUIRED.revisions}`],
    ] as const) {
      const bad = await saveTiers(editor.id, [tier('basic', [{ reelCount: 1, priceMin: 999 }], terms)]);
      expect([bad.status, bad.body.message]).toEqual([400, `tiers.0.${message}`]);
    }

    const saved = await saveTiers(editor.id, [
      tier('basic', [{ reelCount: 1, priceMin: 999 }], { deliveryDays: 9, revisions: 4 }),
      tier('intermediate', []),
      tier('pro', [{ reelCount: 2, priceMin: 6999, priceMax: 9999 }], { deliveryDays: 4, revisions: 0 }),
    ]);
    expect(saved.status).toBe(200);
    const read = (await api.get(`/api/users/editors/${editor.id}`)).body.data;
    expect(
      read.portfolio.tiers.map((t: any) => [t.title, t.deliveryDays ?? null, t.revisions ?? null]),
    ).toEqual([
      ['basic', 9, 4],
      ['intermediate', null, null],
      ['pro', 4, 0],
    ]);
    // The list's 'Fastest delivery' is the quickest stated time, not 3/5/7 days halved by 'Express'.
    expect(read.fastestDays).toBe(4);
  });

  it('Pay Now buys the stated terms of a fixed price, and refuses a range with a reason', async () => {
    const editor = await createTestUser(server.db, 'editor');
    expect(
      (
        await saveTiers(editor.id, [
          tier('basic', [{ reelCount: 1, priceMin: 999 }], { deliveryDays: 9, revisions: 4 }),
          tier('pro', [{ reelCount: 2, priceMin: 6999, priceMax: 9999 }], { deliveryDays: 4, revisions: 1 }),
        ])
      ).status,
    ).toBe(200);

    const bought = await buy(editor.id, 'basic');
    expect(bought.status).toBe(201);
    expect(bought.body.amount).toBe(999);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, bought.body.order._id));
    expect(order).toMatchObject({
      deliveryDays: 9,
      revisionsIncluded: 4,
      startingPrice: false,
      pricePaise: 99_900,
    });

    const range = await buy(editor.id, 'pro');
    expect(range.status).toBe(409);
    expect(range.body.message).toBe(ORDER_MESSAGES.rangeTierNotPayable);
    // Nothing was opened at the minimum: no order and no payment for the range tier.
    const proOrders = (await server.db.select().from(orders).where(eq(orders.editorId, editor.id))).filter(
      (o) => o.tier === 'pro',
    );
    expect(proOrders).toEqual([]);
    const proPayments = (
      await server.db.select().from(payments).where(eq(payments.editorId, editor.id))
    ).filter((p) => p.planType === 'pro');
    expect(proPayments).toEqual([]);
  });

  it('gives tiers saved before the change the terms they promised, once (migration 0020)', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const legacy: StoredTier[] = [
      {
        title: 'basic',
        description: '',
        features: ['1 revision'],
        pricing: [{ reelCount: 1, priceMin: 999 }],
      },
      {
        title: 'intermediate',
        description: '',
        features: [' Up to 2 revisions ', 'Express delivery'],
        pricing: [{ reelCount: 1, priceMin: 2499, priceMax: 3999 }],
      },
      {
        title: 'pro',
        description: '',
        features: ['Unlimited revisions'],
        pricing: [{ reelCount: 1, priceMin: 6999 }],
      },
    ];
    await server.db
      .insert(editorPortfolios)
      .values({ editorId: editor.id, tiers: legacy, whatsIncluded: [] });
    const unpriced = await createTestUser(server.db, 'editor');
    const noPrice: StoredTier[] = [{ title: 'basic', description: '', features: [], pricing: [] }];
    await server.db
      .insert(editorPortfolios)
      .values({ editorId: unpriced.id, tiers: noPrice, whatsIncluded: [] });
    const stated = await createTestUser(server.db, 'editor');
    const already: StoredTier[] = [
      {
        title: 'pro',
        description: '',
        features: ['Express delivery'],
        pricing: [{ reelCount: 1, priceMin: 5000 }],
        deliveryDays: 12,
        revisions: 0,
      },
    ];
    await server.db
      .insert(editorPortfolios)
      .values({ editorId: stated.id, tiers: already, whatsIncluded: [] });

    await runMigrationFile(server.db, '0024_tier-terms.sql');
    const tiersOf = async (id: string) =>
      (await server.db.select().from(editorPortfolios).where(eq(editorPortfolios.editorId, id)))[0]!.tiers;
    const after = await tiersOf(editor.id);
    expect(after.map((t) => [t.title, t.deliveryDays, t.revisions])).toEqual([
      ['basic', 3, 1],
      ['intermediate', 3, 2],
      ['pro', 7, 10],
    ]);
    // Everything else of each tier is as it was, in the same order.
    expect(after.map(({ deliveryDays: _d, revisions: _r, ...rest }) => rest)).toEqual(legacy);
    expect(await tiersOf(unpriced.id)).toEqual(noPrice);
    expect(await tiersOf(stated.id)).toEqual(already);

    await runMigrationFile(server.db, '0024_tier-terms.sql');
    expect(await tiersOf(editor.id)).toEqual(after);
    // Pay Now on a migrated fixed-price tier buys what it bought before the change.
    const bought = await buy(editor.id, 'basic');
    expect(bought.status).toBe(201);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, bought.body.order._id));
    expect([order!.deliveryDays, order!.revisionsIncluded]).toEqual([3, 1]);
  });
});
