import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, DELIVERY_MESSAGES, ORDER_FILE_MESSAGES } from '@cutroom/contracts';
import { bytesOf, listDeliveries, openOrder, openRoom } from './delivery-fixtures';
import { checkedFile, tusClient, uploadWhole } from './files-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeClip, makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const KB = 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Deliveries through resumable uploads (kind `delivery`): the same delivery as one sent from the chat. */
describe('deliveries through tus uploads', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer({ DELIVERY_MAX_BYTES: String(2048 * KB), UPLOAD_SWEEP_SECONDS: '0' });
    api = apiClient(server.url);
    creator = await createTestUser(server.db, 'creator');
    editor = await createTestUser(server.db, 'editor');
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(async () => server?.close());

  const order = async (payNow = false) => (await openOrder(api, creator, editor, roomId, { payNow }))._id;

  it('makes the room’s next delivery from a whole upload: note, preview, the order delivered', async () => {
    const orderId = await order();
    const clip = await makeClip('320x180', 1);
    const tus = tusClient(server.url, editor.token);
    await uploadWhole(
      tus,
      { orderId, kind: 'delivery', filename: 'cut v1.mp4', note: 'First cut, music is temp' },
      clip,
    );
    const file = await checkedFile(api, editor.token, orderId, 'cut v1.mp4');
    expect(file).toMatchObject({
      status: 'ready',
      kind: 'delivery',
      uploadedBy: 'editor',
      sha256: sha256(clip),
    });

    const until = Date.now() + 30_000;
    let delivery = (await listDeliveries(api, creator, roomId)).find((d) => d.order._id === orderId);
    while (delivery?.preview.status !== 'ready' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      delivery = (await listDeliveries(api, creator, roomId)).find((d) => d.order._id === orderId);
    }
    expect(delivery).toMatchObject({ note: 'First cut, music is temp', status: 'sent' });
    expect(delivery!.preview.status).toBe('ready');
    const shaped = await api.get(`/api/orders/${orderId}`, { token: creator.token });
    expect(shaped.body.data.status).toBe('delivered');
    // The preview streams; the original stays locked until it is approved and paid.
    const preview = await bytesOf(`${server.url}${delivery!.preview.url}`);
    expect(preview.status).toBe(200);
    // Nor does the files route hand the creator the original: not by its id, not in the zip.
    const bare = `/api/order-files/${file.id}/download`;
    expect((await api.get(bare, { token: creator.token })).status).toBe(404);
    expect((await api.get(`/api/orders/${orderId}/files.zip`, { token: creator.token })).status).toBe(404);
    const editorCopy = await bytesOf(`${server.url}${bare}`, {
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(editorCopy.body.equals(clip)).toBe(true);
    const final = await api.get(`/api/deliveries/${delivery!._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(final.status).toBe(403);
  });

  it('refuses the wrong side, a closed order, contact details and size at creation, before any byte', async () => {
    const orderId = await order();
    const editorTus = tusClient(server.url, editor.token);
    const byCreator = await tusClient(server.url, creator.token).create(
      { orderId, kind: 'delivery', filename: 'x.mp4' },
      KB,
    );
    expect([byCreator.status, JSON.parse(byCreator.text).message]).toEqual([
      403,
      ORDER_FILE_MESSAGES.notEditor,
    ]);
    const contact = await editorTus.create(
      { orderId, kind: 'delivery', filename: 'x.mp4', note: 'call me on 9876543210' },
      KB,
    );
    expect([contact.status, JSON.parse(contact.text).message]).toEqual([
      400,
      CONTACT_DETAILS_BLOCKED_MESSAGE,
    ]);
    const huge = await editorTus.create({ orderId, kind: 'delivery', filename: 'x.mp4' }, 2049 * KB);
    expect([huge.status, JSON.parse(huge.text).message]).toEqual([
      413,
      ORDER_FILE_MESSAGES.deliveryTooLarge(2048 * KB),
    ]);
    const unpaid = await order(true);
    const early = await editorTus.create({ orderId: unpaid, kind: 'delivery', filename: 'x.mp4' }, KB);
    expect(early.status).toBe(409);
  });

  it('refuses what is not an image or a video, and makes no delivery of it', async () => {
    const orderId = await order();
    const tus = tusClient(server.url, editor.token);
    await uploadWhole(tus, { orderId, kind: 'delivery', filename: 'project.zip' }, randomBytes(64 * KB));
    const zip = await checkedFile(api, editor.token, orderId, 'project.zip');
    expect(zip).toMatchObject({ status: 'rejected', rejectedReason: DELIVERY_MESSAGES.wrongType });
    const image = await makeImage({ width: 64, height: 64, format: 'png' });
    await uploadWhole(tus, { orderId, kind: 'delivery', filename: 'still.png' }, image);
    expect((await checkedFile(api, editor.token, orderId, 'still.png')).status).toBe('ready');
    const deliveries = (await listDeliveries(api, creator, roomId)).filter((d) => d.order._id === orderId);
    expect(deliveries).toHaveLength(1);
    // The editor sees their delivery uploads; the creator sees neither the refused one nor the delivered
    // original: that is released by the delivery's own rules, after approval and payment.
    const editorSees = await api.get(`/api/orders/${orderId}/files`, { token: editor.token });
    expect((editorSees.body.data as { name: string }[]).map((f) => f.name)).toEqual([
      'project.zip',
      'still.png',
    ]);
    const creatorSees = await api.get(`/api/orders/${orderId}/files`, { token: creator.token });
    expect(creatorSees.body.data).toEqual([]);
    expect(creatorSees.body.archiveUrl).toBeNull();
  });

  it('takes at most two deliveries of one order under way at once, even when three start together', async () => {
    const orderId = await order();
    const tus = tusClient(server.url, editor.token);
    const starts = await Promise.all(
      ['a.mp4', 'b.mp4', 'c.mp4'].map((filename) =>
        tus.create({ orderId, kind: 'delivery', filename }, 100 * KB),
      ),
    );
    expect(starts.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const refused = starts.find((r) => r.status === 409)!;
    expect(JSON.parse(refused.text).message).toBe(ORDER_FILE_MESSAGES.deliveriesUnderWay(2));
    // Cancelling one makes room for another.
    const first = starts.find((r) => r.status === 201)!;
    expect((await tus.terminate(first.headers.get('location')!)).status).toBe(204);
    expect((await tus.create({ orderId, kind: 'delivery', filename: 'd.mp4' }, 100 * KB)).status).toBe(201);
  });
});
