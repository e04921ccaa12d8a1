import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import { deliveries, jobs, orders } from '../src/db/schema';
import { connectChat, ask, collect, nextEvent, type ChatClient } from './chat-clients';
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
import { makeClip, makeImage } from './helpers/media';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

describe('deliveries in the chat', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let otherEditor: TestUser;
  let admin: TestUser;
  let roomId: string;
  let clip: Buffer;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, otherEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999, intermediate: 2499, pro: 4999 }),
      createPricedEditor(server.db, { basic: 500 }),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
    // Small, for speed; the first test sends a 1080p original to see it scaled down.
    clip = await makeClip('640x360', 2);
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  async function joined(who: TestUser): Promise<ChatClient> {
    const socket = await connectChat(server.url, who.token);
    sockets.push(socket);
    const ack = await ask(socket, 'joinRoom', { roomId, userId: who.id });
    expect(ack.ok).toBe(true);
    return socket;
  }

  const privateOriginals = () => {
    try {
      return readdirSync(path.join(server.config.DATA_DIR, 'media', 'private', 'deliveries', 'originals'));
    } catch {
      return [];
    }
  };

  describe('sending', () => {
    it("takes the room's editor's video, and makes a watermarked 720p-or-less preview in the background", async () => {
      const watcher = await joined(creator);
      const events = collect<{ roomId: string; deliveryId: string }>(watcher, 'deliveryUpdated');
      const hd = await makeClip('1920x1080', 2);
      const order = await openOrder(api, creator, editor, roomId, { tier: 'intermediate', amount: 2499 });
      const sent = await sendDelivery(api, editor, roomId, {
        file: hd,
        name: 'final cut.mov',
        type: 'application/octet-stream',
        note: 'Here is the first cut',
        orderId: order._id,
      });
      expect(sent.status).toBe(201);
      expect(sent.body.data).toMatchObject({
        roomId,
        number: 1,
        tier: 'intermediate',
        // The delivery is for that order, which now waits for review.
        order: { _id: order._id, reference: order.reference, status: 'delivered' },
        // The order's price: what approving asks the creator to pay.
        amount: 2499,
        kind: 'video',
        sizeBytes: hd.length,
        note: 'Here is the first cut',
        status: 'sent',
        paid: false,
        canDownload: false,
        preview: { status: 'processing', url: null, posterUrl: null },
      });
      // The creator hears about it at once, and again when the preview is ready.
      const id = sent.body.data._id;
      await eventually(async () => events.some((e) => e.deliveryId === id && e.roomId === roomId));
      const ready = await settledDelivery(api, creator, roomId, id);
      expect(ready.preview).toMatchObject({ status: 'ready', error: null });
      expect(events.filter((e) => e.deliveryId === id).length).toBeGreaterThanOrEqual(2);

      const preview = await bytesOf(`${server.url}${ready.preview.url}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('video/mp4');
      expect(preview.headers.get('accept-ranges')).toBe('bytes');
      expect(preview.body.length).toBeLessThan(hd.length);
      expect(preview.body.equals(hd)).toBe(false);
      // Seeking: the browser asks for ranges.
      const tail = await bytesOf(`${server.url}${ready.preview.url}`, { headers: { range: 'bytes=100-' } });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(
        `bytes 100-${preview.body.length - 1}/${preview.body.length}`,
      );
      expect(tail.body.equals(preview.body.subarray(100))).toBe(true);

      const poster = await bytesOf(`${server.url}${ready.preview.posterUrl}`);
      expect(poster.status).toBe(200);
      expect(await sharp(poster.body).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });

      expect(await systemLines(api, editor, roomId)).toContain(
        `Delivery #1 sent for review (order ${order.reference}).`,
      );
    });

    it('takes an image too, previewed scaled down with the watermark', async () => {
      const image = await makeImage({ width: 2400, height: 1500, format: 'png' });
      const sent = await sendDelivery(api, editor, roomId, {
        file: image,
        name: 'thumb.png',
        type: 'image/png',
        orderId: (await openOrder(api, creator, editor, roomId, { tier: 'basic' }))._id,
      });
      expect(sent.status).toBe(201);
      expect(sent.body.data).toMatchObject({ kind: 'image', number: 2, note: '' });
      const ready = await settledDelivery(api, editor, roomId, sent.body.data._id);
      expect(ready.preview.posterUrl).toBeNull();
      const preview = await bytesOf(`${server.url}${ready.preview.url}`);
      expect(await sharp(preview.body).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1280,
        height: 800,
      });
    });

    it("refuses everyone but the room's editor, and the same files as samples refuse", async () => {
      const before = privateOriginals().length;
      const [rows] = await Promise.all([server.db.select().from(deliveries)]);
      const count = rows.length;
      // An order in progress: every refusal below leaves it waiting for its delivery.
      const order = await openOrder(api, creator, editor, roomId, { tier: 'basic' });
      const send = (who: TestUser, opts: Partial<Parameters<typeof sendDelivery>[3]> = {}) =>
        sendDelivery(api, who, roomId, { file: clip, orderId: order._id, ...opts });

      expect((await send(creator)).status).toBe(403);
      expect((await send(otherEditor)).status).toBe(403);
      expect((await send(admin)).status).toBe(403);
      const anonymous = await apiClient(server.url).post(`/api/chat/${roomId}/deliveries`, new FormData());
      expect(anonymous.status).toBe(401);

      const text = await send(editor, {
        file: Buffer.from('just some text, named like a video'),
        name: 'x.mp4',
      });
      expect(text.status).toBe(400);
      expect(text.body.message).toBe('Only image or video files can be delivered');
      // A delivery names its order; the tier it used to name is not enough.
      const noOrder = await send(editor, { orderId: undefined });
      expect(noOrder.status).toBe(400);
      expect(noOrder.body.message).toBe(ORDER_MESSAGES.chooseOrder);
      const tierOnly = await send(editor, { orderId: undefined, tier: 'basic' });
      expect(tierOnly.status).toBe(400);
      expect(tierOnly.body.message).toBe(ORDER_MESSAGES.chooseOrder);
      const notAnId = await send(editor, { orderId: 'platinum' });
      expect(notAnId.status).toBe(400);
      const unknown = await send(editor, { orderId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ORDER_MESSAGES.notFound);
      // Another editor's order, even one with this creator, is not this editor's to deliver.
      const otherRoom = await openRoom(api, creator, otherEditor);
      const theirs = await openOrder(api, creator, otherEditor, otherRoom);
      expect((await send(editor, { orderId: theirs._id })).status).toBe(404);
      // This editor's order in another chat belongs there.
      const someoneElse = await createTestUser(server.db, 'creator');
      const elsewhere = await openOrder(api, someoneElse, editor, await openRoom(api, someoneElse, editor));
      const wrongRoom = await send(editor, { orderId: elsewhere._id });
      expect(wrongRoom.status).toBe(409);
      expect(wrongRoom.body.message).toBe(ORDER_MESSAGES.orderOfAnotherRoom);
      // An order still waiting for its payment, and an offer not accepted yet, take no delivery.
      const unpaid = await openOrder(api, creator, editor, roomId, { payNow: true });
      expect(unpaid.status).toBe('awaiting_payment');
      const awaiting = await send(editor, { orderId: unpaid._id });
      expect(awaiting.status).toBe(409);
      expect(awaiting.body.message).toBe(ORDER_MESSAGES.awaitingPayment);
      const offer = await api.post(
        `/api/chat/${roomId}/offers`,
        { title: 'Not accepted yet', amount: 999, deliveryDays: 3, revisions: 1 },
        { token: editor.token },
      );
      const offered = await send(editor, { orderId: offer.body.data._id });
      expect(offered.status).toBe(409);
      expect(offered.body.message).toBe(ORDER_MESSAGES.notDeliverable);
      const contact = await send(editor, { note: 'call me on 98765 43210' });
      expect(contact.status).toBe(400);
      expect(contact.body.message).toBe(
        'You are not allowed to share personal contact details like email or phone.',
      );
      const noFile = new FormData();
      noFile.append('orderId', order._id);
      const empty = await api.post(`/api/chat/${roomId}/deliveries`, noFile, { token: editor.token });
      expect(empty.status).toBe(400);

      // An image over 10 MB is stopped while it streams: 413, nothing kept.
      const header = await makeImage({ width: 64, height: 64, format: 'png' });
      const huge = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024)]);
      const tooLarge = await send(editor, { file: huge, name: 'huge.png', type: 'image/png' });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toMatch(/images may be at most 10 MB/);

      expect(privateOriginals().length).toBe(before);
      expect((await server.db.select().from(deliveries)).length).toBe(count);
      const [untouched] = await server.db.select().from(orders).where(eq(orders.id, order._id));
      expect(untouched!.status).toBe('in_progress');
    });

    it('refuses new deliveries into a frozen room', async () => {
      const owner = await createTestUser(server.db, 'creator');
      const frozenRoom = await openRoom(api, owner, editor);
      const order = await openOrder(api, owner, editor, frozenRoom);
      expect(
        (await api.patch(`/api/admin/chat/${frozenRoom}/freeze`, undefined, { token: admin.token })).status,
      ).toBe(200);
      const res = await sendDelivery(api, editor, frozenRoom, { file: clip, orderId: order._id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Chat frozen by admin.');
    });
  });

  describe('reviewing', () => {
    it('lets the creator ask for changes; the next delivery is a new card and the history stays', async () => {
      const order = await openOrder(api, creator, editor, roomId, { tier: 'pro', amount: 4999 });
      const sent = await sendDelivery(api, editor, roomId, { file: clip, orderId: order._id, note: 'v1' });
      const first = await settledDelivery(api, creator, roomId, sent.body.data._id);
      const editorScreen = await joined(editor);
      const heard = nextEvent(editorScreen, 'deliveryUpdated', (e: any) => e.deliveryId === first._id);

      expect(
        (
          await api.post(
            `/api/deliveries/${first._id}/request-changes`,
            { note: '' },
            { token: creator.token },
          )
        ).status,
      ).toBe(400);
      const asked = await api.post(
        `/api/deliveries/${first._id}/request-changes`,
        { note: 'Please trim the intro' },
        { token: creator.token },
      );
      expect(asked.status).toBe(200);
      expect(asked.body.data).toMatchObject({
        status: 'changes_requested',
        changesNote: 'Please trim the intro',
      });
      expect(asked.body.data.decidedAt).not.toBeNull();
      await heard;
      // One decision per delivery.
      expect(
        (await api.post(`/api/deliveries/${first._id}/approve`, undefined, { token: creator.token })).status,
      ).toBe(409);
      // The editor cannot decide for the creator.
      expect(
        (await api.post(`/api/deliveries/${first._id}/approve`, undefined, { token: editor.token })).status,
      ).toBe(403);

      const again = await sendDelivery(api, editor, roomId, {
        file: clip,
        orderId: order._id,
        note: 'v2, intro trimmed',
      });
      expect(again.status).toBe(201);
      const list = await listDeliveries(api, creator, roomId);
      const numbers = list.map((d) => d.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
      expect(list.find((d) => d._id === first._id)).toMatchObject({ status: 'changes_requested' });
      expect(list[0]).toMatchObject({ _id: again.body.data._id, status: 'sent', note: 'v2, intro trimmed' });
      expect(await systemLines(api, creator, roomId)).toContain(
        `Changes requested on delivery #${first.number}.`,
      );
    });

    it('waits for the preview before an approval', async () => {
      // A reviewer and a room of their own, with an order of its own.
      const reviewer = await createTestUser(server.db, 'creator');
      const room = await openRoom(api, reviewer, editor);
      const order = await openOrder(api, reviewer, editor, room);
      const sent = await sendDelivery(api, editor, room, { file: clip, orderId: order._id });
      const id = sent.body.data._id;
      await settledDelivery(api, reviewer, room, id);
      // As it is while the job still runs.
      await server.db.update(deliveries).set({ previewStatus: 'processing' }).where(eq(deliveries.id, id));
      const early = await api.post(`/api/deliveries/${id}/approve`, undefined, { token: reviewer.token });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('The preview is not ready yet');
      await server.db.update(deliveries).set({ previewStatus: 'ready' }).where(eq(deliveries.id, id));
      expect(
        (await api.post(`/api/deliveries/${id}/approve`, undefined, { token: reviewer.token })).status,
      ).toBe(200);
    });

    it('lets admins read every room but decide in none', async () => {
      const list = await listDeliveries(api, admin, roomId);
      expect(list.length).toBeGreaterThan(0);
      const sent = list.find((d) => d.status === 'sent' && d.preview.status === 'ready')!;
      expect((await bytesOf(`${server.url}${sent.preview.url}`)).status).toBe(200);
      expect(
        (await api.post(`/api/deliveries/${sent._id}/approve`, undefined, { token: admin.token })).status,
      ).toBe(403);
    });
  });

  describe('payment', () => {
    it('marks an approved delivery paid when the gateway confirms, live, with the lines in the chat', async () => {
      const order = await openOrder(api, creator, editor, roomId, { tier: 'basic', amount: 999 });
      const sent = await sendDelivery(api, editor, roomId, { file: clip, orderId: order._id });
      const delivery = await settledDelivery(api, creator, roomId, sent.body.data._id);
      const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
        token: creator.token,
      });
      expect(approved.body.data).toMatchObject({
        status: 'approved',
        paid: false,
        order: { _id: order._id, status: 'completed' },
      });

      const editorScreen = await joined(editor);
      const payment = await api.post(
        `/api/orders/${order._id}/pay`,
        { phone: '9876543210' },
        { token: creator.token },
      );
      expect(payment.status).toBe(201);
      expect(payment.body).toMatchObject({ amount: 999, order: { _id: order._id } });
      const heard = nextEvent(
        editorScreen,
        'deliveryUpdated',
        (e: any) => e.deliveryId === delivery._id,
        8000,
      );
      await fetch(`${server.url}/simulator/checkout/${payment.body.paymentSessionId}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'SUCCESS' }).toString(),
        redirect: 'manual',
      });
      await heard;
      const [row] = await server.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row!.paymentId).not.toBeNull();
      const asCreator = (await listDeliveries(api, creator, roomId)).find((d) => d._id === delivery._id)!;
      expect(asCreator).toMatchObject({ paid: true, canDownload: true });
      const asEditor = (await listDeliveries(api, editor, roomId)).find((d) => d._id === delivery._id)!;
      expect(asEditor).toMatchObject({ paid: true, canDownload: false });
      const lines = await systemLines(api, creator, roomId);
      expect(lines).toContain(`Delivery #${delivery.number} approved.`);
      expect(lines).toContain(`Payment of ₹999 received for order ${order.reference}.`);
      expect(lines).toContain(`Final file of delivery #${delivery.number} released to the creator.`);
    });

    it("releases what a Pay Now made before any delivery paid for: the delivery sent for that order, not another order's", async () => {
      const payer = await createTestUser(server.db, 'creator');
      const bought = await api.post(
        `/api/payment/${editor.id}/pro`,
        { phone: '9876543210' },
        { token: payer.token },
      );
      expect(bought.status).toBe(201);
      expect(bought.body).toMatchObject({ amount: 4999, planType: 'pro' });
      await fetch(`${server.url}/simulator/checkout/${bought.body.paymentSessionId}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'SUCCESS' }).toString(),
        redirect: 'manual',
      });
      await eventually(async () => {
        const s = await api.get(`/api/payment/status/${bought.body.orderId}`, { token: payer.token });
        return s.body.payment?.status === 'SUCCESS';
      });
      const room = await openRoom(api, payer, editor);
      // Another order of the same pair and tier, to be paid on approval: the Pay Now paid only its own.
      const other = await openOrder(api, payer, editor, room, { tier: 'pro', amount: 4999 });
      const ids: string[] = [];
      for (const [note, orderId] of [
        ['one', other._id],
        ['two', bought.body.order._id],
      ] as const) {
        const sent = await sendDelivery(api, editor, room, { file: clip, orderId, note });
        expect(sent.status).toBe(201);
        ids.push(sent.body.data._id);
        await settledDelivery(api, payer, room, sent.body.data._id);
      }
      // The second is approved first: it is the one sent for the paid order, so it is released at once.
      const second = await api.post(`/api/deliveries/${ids[1]}/approve`, undefined, { token: payer.token });
      expect(second.body.data).toMatchObject({ status: 'approved', paid: true, canDownload: true });
      const first = await api.post(`/api/deliveries/${ids[0]}/approve`, undefined, { token: payer.token });
      expect(first.body.data).toMatchObject({ status: 'approved', paid: false, canDownload: false });
      const link = await api.get(`/api/deliveries/${ids[1]}/final`, {
        token: payer.token,
        headers: { accept: 'application/json' },
      });
      expect(link.status).toBe(200);
      expect((await bytesOf(`${server.url}${link.body.url}`)).body.equals(clip)).toBe(true);
      expect((await api.get(`/api/deliveries/${ids[0]}/final`, { token: payer.token })).status).toBe(403);
    });
  });

  describe('failed previews', () => {
    it('shows a failed preview with its reason, and the editor can retry it', async () => {
      const order = await openOrder(api, creator, editor, roomId);
      const sent = await sendDelivery(api, editor, roomId, { file: clip, orderId: order._id });
      const id = sent.body.data._id;
      await settledDelivery(api, editor, roomId, id);
      // As a failure leaves it (e.g. ffmpeg was missing when it ran).
      const [row] = await server.db
        .update(deliveries)
        .set({
          previewStatus: 'failed',
          previewKey: null,
          posterKey: null,
          previewError: 'Video previews are unavailable',
        })
        .where(eq(deliveries.id, id))
        .returning();
      await server.db
        .update(jobs)
        .set({ status: 'failed', lastError: 'Video previews are unavailable' })
        .where(eq(jobs.id, row!.previewJobId!));

      const failed = (await listDeliveries(api, creator, roomId)).find((d) => d._id === id)!;
      expect(failed.preview).toMatchObject({
        status: 'failed',
        error: 'Video previews are unavailable',
        url: null,
      });
      expect(
        (await api.post(`/api/deliveries/${id}/approve`, undefined, { token: creator.token })).status,
      ).toBe(409);
      expect(
        (await api.post(`/api/deliveries/${id}/retry-preview`, undefined, { token: creator.token })).status,
      ).toBe(403);

      const retried = await api.post(`/api/deliveries/${id}/retry-preview`, undefined, {
        token: editor.token,
      });
      expect(retried.status).toBe(200);
      expect(retried.body.data.preview).toMatchObject({ status: 'processing', error: null });
      expect(
        (await api.post(`/api/deliveries/${id}/retry-preview`, undefined, { token: editor.token })).status,
      ).toBe(409);
      const ready = await settledDelivery(api, creator, roomId, id);
      expect(ready.preview.status).toBe('ready');
      // The runner records the job done just after the preview lands.
      await eventually(async () => {
        const [job] = await server.db.select().from(jobs).where(eq(jobs.id, row!.previewJobId!));
        return job?.status === 'done';
      });
    });

    it('fails a corrupt video for good, with a reason a person can read', async () => {
      // Starts like an MP4 (its ftyp box, so the type check accepts it) but holds no playable picture.
      const broken = Buffer.concat([clip.subarray(0, clip.readUInt32BE(0)), Buffer.alloc(50_000, 7)]);
      const order = await openOrder(api, creator, editor, roomId);
      const sent = await sendDelivery(api, editor, roomId, { file: broken, orderId: order._id });
      expect(sent.status).toBe(201);
      const settled = await settledDelivery(api, editor, roomId, sent.body.data._id);
      expect(settled.preview.status).toBe('failed');
      expect(settled.preview.error).toMatch(/video could not be|no video picture/);
      const [row] = await server.db.select().from(deliveries).where(eq(deliveries.id, settled._id));
      const [job] = await server.db.select().from(jobs).where(eq(jobs.id, row!.previewJobId!));
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    });
  });
});
