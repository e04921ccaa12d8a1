import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeImage } from './helpers/media';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { catalogueEditor, completedInDb, review } from './reviews/fixtures';

/** Issue 15: sort, filters and word search on /portfolio's API; track record, badge and photo. */
describe('finding the right editor', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let cheap: TestUser;
  let mid: TestUser;
  let premium: TestUser;

  const tag = async (editor: TestUser, tier: string, tags: string[]) => {
    const form = new FormData();
    form.append(
      `${tier}_0`,
      new Blob([new Uint8Array(await makeImage({ width: 64, height: 64, format: 'png' }))], {
        type: 'image/png',
      }),
      'a.png',
    );
    form.append(`${tier}_sample_0_tags`, JSON.stringify(tags));
    const res = await api.patch(`/api/admin/editors/${editor.id}/portfolio/samples`, form, {
      token: admin.token,
    });
    if (res.status !== 200) throw new Error(`samples: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const names = async (path: string) => {
    const res = await api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((e: any) => e.username);
  };

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    // Created oldest first: with no other signal the list is newest first.
    cheap = await catalogueEditor(api, server, admin, {
      username: 'Cheap Chandni',
      prices: { basic: 500, intermediate: 900 },
    });
    mid = await catalogueEditor(api, server, admin, {
      username: 'Mid Manav',
      prices: { basic: 1500, pro: 8000 },
      express: true,
    });
    premium = await catalogueEditor(api, server, admin, {
      username: 'Premium Pia',
      prices: { intermediate: 4000, pro: 12000 },
    });
    await tag(cheap, 'basic', ['Travel', 'Reels']);
    await tag(mid, 'basic', ['travel', 'wedding']);
    await tag(premium, 'pro', ['reels', 'gaming']);
  });
  afterAll(() => server?.close());

  it('sorts by price, fastest delivery and rating, newest first among equals', async () => {
    expect(await names('/api/users/editors')).toEqual(['Premium Pia', 'Mid Manav', 'Cheap Chandni']);
    expect(await names('/api/users/editors?sort=price')).toEqual([
      'Cheap Chandni',
      'Mid Manav',
      'Premium Pia',
    ]);
    // Express delivery halves the basic tier's 3 days to 2; intermediate is 5 days.
    expect(await names('/api/users/editors?sort=fastest')).toEqual([
      'Mid Manav',
      'Cheap Chandni',
      'Premium Pia',
    ]);
    const card = (await api.get(`/api/users/editors/${mid.id}`)).body.data;
    expect([card.startingPrice, card.fastestDays]).toEqual([1500, 2]);
    // With a tier chosen, its own price orders the list.
    expect(await names('/api/users/editors?sort=price&tier=pro')).toEqual(['Mid Manav', 'Premium Pia']);

    for (const [editor, stars] of [
      [cheap, 3],
      [premium, 5],
    ] as const) {
      const creator = await createTestUser(server.db, 'creator');
      const orderId = await completedInDb(api, server, creator, editor);
      expect((await review(api, creator, orderId, { rating: stars })).status).toBe(201);
    }
    // Cached list pages are cleared by a review: the new order shows at once.
    expect(await names('/api/users/editors?sort=rating')).toEqual([
      'Premium Pia',
      'Cheap Chandni',
      'Mid Manav',
    ]);
    expect(await names('/api/users/editors?sort=recommended')).toEqual([
      'Premium Pia',
      'Cheap Chandni',
      'Mid Manav',
    ]);
  });

  it('filters by tier, price range and exact tags, with counts of what matches', async () => {
    expect(await names('/api/users/editors?tier=pro')).toEqual(['Premium Pia', 'Mid Manav']);
    expect(await names('/api/users/editors?minPrice=800&maxPrice=1000')).toEqual(['Cheap Chandni']);
    expect(await names('/api/users/editors?tier=basic&minPrice=1000')).toEqual(['Mid Manav']);
    expect(await names('/api/users/editors?tags=reels')).toEqual(['Premium Pia', 'Cheap Chandni']);
    expect(await names('/api/users/editors?tags=REELS,%20travel')).toEqual(['Cheap Chandni']);
    const filtered = await api.get('/api/users/editors?tags=travel&maxPrice=1000');
    expect(filtered.body.summary).toEqual({ availableEditors: 1, editorsWithPortfolios: 1, totalSamples: 1 });
    expect(filtered.body.total).toBe(1);
    const none = await api.get('/api/users/editors?tags=underwater');
    expect([none.body.data.length, none.body.summary.availableEditors]).toEqual([0, 0]);

    for (const bad of [
      'sort=cheapest',
      'minPrice=5000&maxPrice=100',
      'tier=gold',
      'minPrice=-1',
      'maxPrice=abc',
    ]) {
      const res = await api.get(`/api/users/editors?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    const range = await api.get('/api/users/editors?minPrice=5000&maxPrice=100');
    expect(range.body.message).toContain('The lowest price cannot be above the highest');
  });

  it('matches every word of a search across name and tags', async () => {
    expect(await names('/api/users/editors/search?query=travel%20reels')).toEqual(['Cheap Chandni']);
    expect(await names('/api/users/editors/search?query=reels')).toEqual(['Premium Pia', 'Cheap Chandni']);
    expect(await names('/api/users/editors/search?query=pia%20gaming')).toEqual(['Premium Pia']);
    expect(await names('/api/users/editors/search?query=%20%20travel%20%20%20wedding%20')).toEqual([
      'Mid Manav',
    ]);
    expect(await names('/api/users/editors/search?query=travel&sort=price&maxPrice=1000')).toEqual([
      'Cheap Chandni',
    ]);
    const none = await api.get('/api/users/editors/search?query=travel%20gaming');
    expect(none.body).toMatchObject({ data: [], total: 0, summary: { availableEditors: 0 } });
    // LIKE's wildcards are plain text.
    expect(await names('/api/users/editors/search?query=%25')).toEqual([]);
  });

  it('shows a track record from real orders and chats', async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 700 } });
    let card = (await api.get(`/api/users/editors/${editor.id}`)).body.data;
    expect(card.trackRecord).toMatchObject({ completedOrders: 0, onTimeRate: null, responseMinutes: null });
    expect(new Date(card.trackRecord.memberSince).getTime()).toBeLessThanOrEqual(Date.now());

    // Three chats answered: enough to state a response time.
    for (let i = 0; i < 3; i++) {
      const creator = await createTestUser(server.db, 'creator');
      const room = await api.post('/api/chat/initiate', { editorId: editor.id }, { token: creator.token });
      const roomId = room.body.roomId;
      const say = (who: TestUser, content: string) =>
        api.post('/api/chat/message', { chatRoomId: roomId, content }, { token: who.token });
      expect((await say(creator, 'Hi, can you cut my reel?')).status).toBe(201);
      expect((await say(creator, 'It is a travel vlog')).status).toBe(201);
      expect((await say(editor, 'Yes, happy to.')).status).toBe(201);
      expect((await say(editor, 'Send the footage')).status).toBe(201);
      if (i === 0) await completedInDb(api, server, creator, editor);
    }
    card = (await api.get(`/api/users/editors/${editor.id}`)).body.data;
    expect(card.trackRecord).toMatchObject({ completedOrders: 1, onTimeRate: 1 });
    expect(card.trackRecord.responseMinutes).toBe(1);
  });

  it('lets an admin grant the verified badge', async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 650 } });
    expect((await api.get(`/api/users/editors/${editor.id}`)).body.data.verified).toBe(false);
    expect(
      (
        await api.post(
          `/api/admin/editors/${editor.id}/verified`,
          { verified: true },
          { token: editor.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.post(
          `/api/admin/editors/${editor.id}/verified`,
          { verified: 'yes' },
          { token: admin.token },
        )
      ).status,
    ).toBe(400);
    expect(
      (await api.post(`/api/admin/editors/${admin.id}/verified`, { verified: true }, { token: admin.token }))
        .status,
    ).toBe(404);
    const res = await api.post(
      `/api/admin/editors/${editor.id}/verified`,
      { verified: true },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    const listed = (await api.get('/api/users/editors?limit=100')).body.data.find(
      (e: any) => e._id === editor.id,
    );
    expect(listed.verified).toBe(true);
    // The badge lifts an editor with no reviews above other new editors.
    const order = await names('/api/users/editors?limit=100');
    expect(order.indexOf(editor.username)).toBeLessThan(order.indexOf('Mid Manav'));
  });

  it("stores editor photos resized, as WebP, without the camera's metadata", async () => {
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 800 } });
    const creator = await createTestUser(server.db, 'creator');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SecretCam', Orientation: '6' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' },
      })
      .toBuffer();
    const upload = (token: string, path: string, bytes: Buffer, type = 'image/jpeg', field = 'photo') => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'me.jpg');
      return api.put(path, form, { token });
    };

    expect((await upload(creator.token, '/api/profile/photo', photo)).status).toBe(403);
    expect((await upload(editor.token, `/api/admin/editors/${editor.id}/photo`, photo)).status).toBe(403);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const wrong = await upload(admin.token, `/api/admin/editors/${editor.id}/photo`, gif, 'image/gif');
    expect([wrong.status, wrong.body.message]).toEqual([400, 'The photo must be a JPEG, PNG or WebP image']);
    expect(
      (await upload(admin.token, `/api/admin/editors/${editor.id}/photo`, Buffer.from('not an image')))
        .status,
    ).toBe(400);
    expect(
      (await upload(admin.token, `/api/admin/editors/${editor.id}/photo`, photo, 'image/jpeg', 'other'))
        .status,
    ).toBe(400);
    const big = await upload(
      admin.token,
      `/api/admin/editors/${editor.id}/photo`,
      Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    );
    expect(big.status).toBe(413);

    const saved = await upload(admin.token, `/api/admin/editors/${editor.id}/photo`, photo);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const fetchImage = async (url: string) =>
      Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    const large = await sharp(await fetchImage(saved.body.data.photoUrl)).metadata();
    const thumb = await sharp(await fetchImage(saved.body.data.photoThumbUrl)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 512, 512]);
    expect([thumb.width, thumb.height]).toEqual([128, 128]);
    expect(large.exif).toBeUndefined();
    expect((await fetchImage(saved.body.data.photoUrl)).includes('SecretCam')).toBe(false);
    const card = (await api.get(`/api/users/editors/${editor.id}`)).body.data;
    expect(card).toMatchObject({
      photoUrl: saved.body.data.photoUrl,
      photoThumbUrl: saved.body.data.photoThumbUrl,
    });

    // The editor replaces it; the old files are gone.
    const own = await upload(
      editor.token,
      '/api/profile/photo',
      await makeImage({ width: 300, height: 300, format: 'png' }),
      'image/png',
    );
    expect(own.status).toBe(200);
    expect((await fetch(`${server.url}${saved.body.data.photoUrl}`)).status).toBe(404);
    expect((await api.delete('/api/profile/photo', undefined, { token: editor.token })).status).toBe(200);
    const after = (await api.get(`/api/users/editors/${editor.id}`)).body.data;
    expect(after.photoUrl).toBeUndefined();
    expect((await fetch(`${server.url}${own.body.data.photoUrl}`)).status).toBe(404);
  });
});
