import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery, Order } from '@cutroom/contracts';
import { deliveries } from '../src/db/schema';
import {
  bytesOf,
  listDeliveries,
  openOrder,
  openRoom,
  sendDelivery,
  settledDelivery,
  systemLines,
} from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { makeClip } from './helpers/media';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/**
 * The promise of the terms page: the original reaches the creator only after a successful payment,
 * by no other path, and leaves again with a full refund.
 */
describe('the original of a delivery', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let otherCreator: TestUser;
  let otherEditor: TestUser;
  let admin: TestUser;
  let roomId: string;
  let original: Buffer;
  let delivery: Delivery;
  let order: Order;
  let originalKey: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, otherCreator, otherEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999, pro: 4999 }),
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 500 }),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
    original = await makeClip();
    order = await openOrder(api, creator, editor, roomId, { tier: 'pro', amount: 4999 });
    const sent = await sendDelivery(api, editor, roomId, {
      file: original,
      orderId: order._id,
      note: 'First cut',
    });
    expect(sent.status).toBe(201);
    delivery = await settledDelivery(api, creator, roomId, sent.body.data._id);
    expect(delivery.preview.status).toBe('ready');
    const [row] = await server.db.select().from(deliveries).where(eq(deliveries.id, delivery._id));
    originalKey = row!.originalKey;
  }, 60_000);
  afterAll(() => server?.close());

  const url = (p: string) => `${server.url}${p}`;
  const finalPath = () => `/api/deliveries/${delivery._id}/final`;
  const isOriginal = (body: Buffer) => body.equals(original);

  /** Every way we can think of to reach the original; none may answer with its bytes. */
  async function everyPathBeforePayment(): Promise<{ what: string; status: number; leaked: boolean }[]> {
    const tries: { what: string; status: number; leaked: boolean }[] = [];
    const attempt = async (what: string, target: string, init: RequestInit = {}) => {
      const res = await bytesOf(url(target), init);
      tries.push({ what, status: res.status, leaked: isOriginal(res.body) });
      return res;
    };
    const bearer = (u: TestUser) => ({ authorization: `Bearer ${u.token}` });

    await attempt('final, anonymous', finalPath());
    await attempt('final, the creator', finalPath(), { headers: bearer(creator) });
    await attempt('final as JSON, the creator', finalPath(), {
      headers: { ...bearer(creator), accept: 'application/json' },
    });
    await attempt('final with a range, the creator', finalPath(), {
      headers: { ...bearer(creator), range: 'bytes=0-' },
    });
    await attempt('final, another creator', finalPath(), { headers: bearer(otherCreator) });
    await attempt('final, another editor', finalPath(), { headers: bearer(otherEditor) });
    await attempt('final, the room editor', finalPath(), { headers: bearer(editor) });

    // The preview's own ticket, moved onto the final file or onto another delivery.
    const previewTicket = new URL(delivery.preview.url!, server.url).searchParams.get('t')!;
    await attempt('final with the preview ticket', `${finalPath()}?t=${encodeURIComponent(previewTicket)}`);
    await attempt(
      'final with the preview ticket and the session',
      `${finalPath()}?t=${encodeURIComponent(previewTicket)}`,
      {
        headers: bearer(creator),
      },
    );
    const forged = `${previewTicket.slice(0, -4)}AAAA`;
    await attempt('final with a forged ticket', `${finalPath()}?t=${encodeURIComponent(forged)}`);
    await attempt('preview path with the final name', `/api/deliveries/${delivery._id}/preview/../final`, {
      headers: bearer(creator),
    });

    // The preview itself is not the original (and is only for members and admins).
    const preview = await attempt('preview, the creator', delivery.preview.url!);
    expect(preview.status).toBe(200);
    await attempt('preview with a range', delivery.preview.url!, { headers: { range: 'bytes=0-' } });
    await attempt('preview, another creator session', `/api/deliveries/${delivery._id}/preview`, {
      headers: bearer(otherCreator),
    });

    // /media serves the public area only: not even the real private key (never returned) reaches it.
    const id = originalKey.split('/').pop()!;
    for (const guess of [
      originalKey,
      `private/${originalKey}`,
      `../private/${originalKey}`,
      `%2e%2e/private/${originalKey}`,
      `..%2fprivate%2f${originalKey.replace(/\//g, '%2f')}`,
      `deliveries/${delivery._id}`,
      `deliveries/originals/${delivery._id}.mp4`,
      `deliveries/originals/${id}`,
      `deliveries/${delivery._id}/final`,
    ]) {
      await attempt(`/media/${guess}`, `/media/${guess}`);
    }
    return tries;
  }

  it('is refused to everyone before payment, by every path, and no reply carries its bytes', async () => {
    // Nothing we send to anyone names the storage key.
    const listed = JSON.stringify(await listDeliveries(api, creator, roomId));
    expect(listed).not.toContain(originalKey);
    expect(listed).not.toContain(originalKey.split('/').pop()!.split('.')[0]);

    const tries = await everyPathBeforePayment();
    expect(tries.filter((t) => t.leaked)).toEqual([]);
    const status = Object.fromEntries(tries.map((t) => [t.what, t.status]));
    expect(status).toMatchObject({
      'final, anonymous': 401,
      'final, the creator': 403,
      'final as JSON, the creator': 403,
      'final with a range, the creator': 403,
      'final, another creator': 404,
      'final, another editor': 404,
      'final, the room editor': 404,
      'final with the preview ticket': 401,
      'final with the preview ticket and the session': 403,
      'final with a forged ticket': 401,
      'preview, another creator session': 404,
    });
    // (A guess with '..' is normalised out of /media by the client and lands on the web app instead.)
    for (const t of tries.filter((x) => x.what.startsWith('/media/'))) {
      expect(t.status, t.what).toBeGreaterThanOrEqual(400);
    }
    expect(status[`/media/${originalKey}`]).toBe(404);
    expect(status[`/media/private/${originalKey}`]).toBe(404);

    // The original sits in the private area, apart from the public files /media serves.
    const media = path.join(server.config.DATA_DIR, 'media');
    expect(readdirSync(path.join(media, 'private', 'deliveries', 'originals'))).toContain(
      originalKey.split('/').pop(),
    );
    const publicDir = path.join(media, 'public');
    const publicFiles = (() => {
      try {
        return readdirSync(publicDir, { recursive: true }) as string[];
      } catch {
        return [];
      }
    })();
    expect(publicFiles.filter((f) => f.includes('deliveries'))).toEqual([]);
  });

  it('is refused after approval until the payment is confirmed', async () => {
    const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
      token: creator.token,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', paid: false, canDownload: false });
    // A payment of the order that is started but not paid unlocks nothing.
    const started = await api.post(
      `/api/orders/${order._id}/pay`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(started.status).toBe(201);
    expect(
      (await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${creator.token}` } })).status,
    ).toBe(403);
    // Nor does a paid order of the same pair that the delivery was not sent for (a Pay Now on the tier).
    const sameTier = await api.post(
      `/api/payment/${editor.id}/pro`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(sameTier.body.order._id).not.toBe(order._id);
    await checkout(sameTier.body.paymentSessionId);
    // A payment by someone else, or to someone else, does not count either.
    const stranger = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: otherCreator.token },
    );
    await checkout(stranger.body.paymentSessionId);
    const elsewhere = await api.post(
      `/api/payment/${otherEditor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    await checkout(elsewhere.body.paymentSessionId);
    expect(
      (await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${creator.token}` } })).status,
    ).toBe(403);
  });

  async function checkout(sessionId: string) {
    const res = await fetch(`${server.url}/simulator/checkout/${sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'SUCCESS' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
  }

  let link: string;

  it('is released to the creator once the gateway confirms the payment, through an expiring link', async () => {
    const payment = await api.post(
      `/api/orders/${order._id}/pay`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(payment.status).toBe(201);
    await checkout(payment.body.paymentSessionId);
    const paid = await eventually(async () => {
      const d = (await listDeliveries(api, creator, roomId)).find((x) => x._id === delivery._id);
      return d?.paid ? d : null;
    });
    expect(paid).toMatchObject({ paid: true, canDownload: true });
    expect(paid.paidAt).not.toBeNull();

    const asJson = await api.get(finalPath(), {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(asJson.status).toBe(200);
    expect(new Date(asJson.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(asJson.body.expiresAt).getTime()).toBeLessThan(Date.now() + 60 * 60 * 1000);
    link = asJson.body.url;
    // The link works on its own (a plain browser download carries no Bearer header)...
    const file = await bytesOf(url(link));
    expect(file.status).toBe(200);
    expect(isOriginal(file.body)).toBe(true);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cutroom-delivery-1\.mp4"$/,
    );
    expect(file.headers.get('cache-control')).toContain('no-store');
    // ...resumes with a range...
    const part = await bytesOf(url(link), { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.body.equals(original.subarray(10, 20))).toBe(true);
    // ...and a plain visit of /final is sent on to such a link.
    const visit = await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${creator.token}` } });
    expect(visit.status).toBe(302);
    expect(isOriginal((await bytesOf(url(visit.headers.get('location')!))).body)).toBe(true);
    // Still nobody else's: the room's editor and strangers are told it does not exist; admins may read it.
    for (const who of [editor, otherCreator, otherEditor]) {
      expect(
        (await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${who.token}` } })).status,
      ).toBe(404);
    }
    const asAdmin = await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${admin.token}` } });
    expect(asAdmin.status).toBe(302);
    // A link is for that delivery only.
    const ticket = new URL(link, server.url).searchParams.get('t')!;
    const other = await sendDelivery(api, editor, roomId, {
      file: await makeClip('320x240', 1),
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    expect(
      (await bytesOf(url(`/api/deliveries/${other.body.data._id}/final?t=${encodeURIComponent(ticket)}`)))
        .status,
    ).toBe(401);

    const lines = await systemLines(api, creator, roomId);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Delivery #1 sent for review (order ${order.reference}).`,
        'Delivery #1 approved.',
        `Payment of ₹4,999 received for order ${order.reference}.`,
        'Final file of delivery #1 released to the creator.',
      ]),
    );
  });

  it('is taken away again by a full refund, links already handed out included', async () => {
    const payments = await api.get('/api/payment/creator/me', { token: creator.token });
    const paid = payments.body.payments.find(
      (p: any) => p.order?._id === order._id && p.status === 'SUCCESS',
    );
    expect(paid?.status).toBe('SUCCESS');
    const refund = await api.post(
      `/api/payment/refund/${paid.orderId}`,
      { full: true },
      { token: admin.token },
    );
    expect(refund.status).toBe(201);
    const locked = await eventually(async () => {
      const d = (await listDeliveries(api, creator, roomId)).find((x) => x._id === delivery._id);
      return d && !d.paid ? d : null;
    });
    expect(locked).toMatchObject({ paid: false, canDownload: false, status: 'approved' });
    expect(
      (await bytesOf(url(finalPath()), { headers: { authorization: `Bearer ${creator.token}` } })).status,
    ).toBe(403);
    const old = await bytesOf(url(link));
    expect(old.status).toBe(403);
    expect(isOriginal(old.body)).toBe(false);
    const lines = await systemLines(api, creator, roomId);
    const refunded = lines.find((l) =>
      l.includes(`of order ${order.reference} was refunded to the creator.`),
    );
    expect(refunded).toMatch(/The final file is locked again\.$/);
  });

  it('ends with the session that the link was made for', async () => {
    const session = await createTestUser(server.db, 'admin');
    const asJson = await api.get(finalPath(), {
      token: session.token,
      headers: { accept: 'application/json' },
    });
    expect(asJson.status).toBe(200);
    expect((await bytesOf(url(asJson.body.url))).status).toBe(200);
    expect((await api.post('/api/auth/logout', undefined, { token: session.token })).status).toBeLessThan(
      300,
    );
    expect((await bytesOf(url(asJson.body.url))).status).toBe(401);
  });
});
