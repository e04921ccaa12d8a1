import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { chatRooms, deliveries } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import type { AuthzContext, AuthzRow, AuthzRowsFactory } from '../types';
import { insertOrder } from './orders';

/**
 * A delivery as the preview job leaves it (files in private storage), or with a failed preview, sent for
 * an order of its own that now waits for its review (unpaid, one revision left).
 */
async function insertDelivery(
  ctx: AuthzContext,
  room: { id: string; creatorId: string; editorId: string },
  preview: 'ready' | 'failed' = 'ready',
) {
  const storage = ctx.server.app.storage;
  const key = (what: string) => `deliveries/${what}/${randomBytes(12).toString('hex')}.jpg`;
  const [originalKey, previewKey] = [key('originals'), key('previews')];
  for (const k of [originalKey, previewKey]) {
    await storage.put('private', k, Readable.from([randomBytes(64)]), { contentType: 'image/jpeg' });
  }
  const order = await insertOrder(ctx, room, {
    tier: 'basic',
    status: 'delivered',
    acceptedAt: new Date(),
    deliveredAt: new Date(),
    offerExpiresAt: null,
  });
  const [row] = await ctx.server.db
    .insert(deliveries)
    .values({
      roomId: room.id,
      cutroomOrderId: order.id,
      creatorId: room.creatorId,
      editorId: room.editorId,
      number: Math.floor(Math.random() * 1e9),
      tier: 'basic',
      originalKey,
      mimeType: 'image/jpeg',
      mediaKind: 'image',
      sizeBytes: 64,
      previewStatus: preview,
      previewKey: preview === 'ready' ? previewKey : null,
      posterKey: preview === 'ready' ? previewKey : null,
      previewError: preview === 'failed' ? 'The image could not be read' : null,
    })
    .returning();
  return row!;
}

/**
 * Deliveries: the room's editor sends, its creator decides, members and admins watch previews, and the
 * original goes only to admins and (after payment) the creator; strangers are told nothing exists.
 */
export const deliveryRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { creator, editor } = ctx.users;
  const [creatorY, editorX, strangerC, strangerE] = await Promise.all([
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
  ]);
  // Rooms of this file's own (the matrix pair's room belongs to the chat rows): the matrix creator's
  // room with another editor, the matrix editor's room with another creator, and a room of strangers.
  const [creatorsRoom, editorsRoom, foreign] = await db
    .insert(chatRooms)
    .values([
      { creatorId: creator.id, editorId: editorX.id },
      { creatorId: creatorY.id, editorId: editor.id },
      { creatorId: strangerC.id, editorId: strangerE.id },
    ])
    .returning();
  const inCreatorsRoom = await insertDelivery(ctx, creatorsRoom!);
  const inEditorsRoom = await insertDelivery(ctx, editorsRoom!);
  const theirs = await insertDelivery(ctx, foreign!);
  const fresh = async (room: typeof creatorsRoom, preview: 'ready' | 'failed' = 'ready') =>
    `/api/deliveries/${(await insertDelivery(ctx, room!, preview)).id}`;

  const rows: AuthzRow[] = [
    {
      method: 'POST',
      route: '/api/chat/:roomId/deliveries',
      path: `/api/chat/${editorsRoom!.id}/deliveries`,
      // Authorized, the room's editor is refused only for sending JSON instead of multipart (400).
      body: { note: 'not multipart' },
      expect: { anonymous: 401, creator: 403, editor: 400, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/chat/:roomId/deliveries',
      path: `/api/chat/${creatorsRoom!.id}/deliveries`,
      body: { note: 'not multipart' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/chat/:roomId/deliveries',
      path: `/api/chat/${creatorsRoom!.id}/deliveries`,
      expect: { anonymous: 401, creator: 200, editor: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/chat/:roomId/deliveries',
      path: `/api/chat/${editorsRoom!.id}/deliveries`,
      expect: { anonymous: 401, creator: 403, editor: 200, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/approve',
      path: async () => `${await fresh(creatorsRoom)}/approve`,
      expect: { anonymous: 401, creator: 200, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/approve',
      path: `/api/deliveries/${theirs.id}/approve`,
      expect: { anonymous: 401, creator: 404, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/request-changes',
      path: async () => `${await fresh(creatorsRoom)}/request-changes`,
      body: { note: 'Please trim the intro' },
      expect: { anonymous: 401, creator: 200, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/request-changes',
      path: `/api/deliveries/${theirs.id}/request-changes`,
      body: { note: 'Please trim the intro' },
      expect: { anonymous: 401, creator: 404, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/retry-preview',
      path: async () => `${await fresh(editorsRoom, 'failed')}/retry-preview`,
      expect: { anonymous: 401, creator: 403, editor: 200, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/deliveries/:id/retry-preview',
      path: `/api/deliveries/${theirs.id}/retry-preview`,
      expect: { anonymous: 401, creator: 403, editor: 404, admin: 403 },
    },
  ];
  for (const media of ['preview', 'poster'] as const) {
    rows.push(
      {
        method: 'GET',
        route: `/api/deliveries/:id/${media}`,
        path: `/api/deliveries/${inCreatorsRoom.id}/${media}`,
        expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
      },
      {
        method: 'GET',
        route: `/api/deliveries/:id/${media}`,
        path: `/api/deliveries/${inEditorsRoom.id}/${media}`,
        expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
      },
      {
        method: 'GET',
        route: `/api/deliveries/:id/${media}`,
        path: `/api/deliveries/${theirs.id}/${media}`,
        expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
      },
    );
  }
  rows.push(
    {
      method: 'GET',
      route: '/api/deliveries/:id/final',
      path: `/api/deliveries/${inCreatorsRoom.id}/final`,
      // Unpaid: the room's creator is refused, others told it does not exist, an admin sent on to the file.
      expect: { anonymous: 401, creator: 403, editor: 404, admin: 302 },
    },
    {
      method: 'GET',
      route: '/api/deliveries/:id/final',
      path: `/api/deliveries/${inEditorsRoom.id}/final`,
      // Even the room's own editor: the original leaves only for the paying creator and admins.
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 302 },
    },
    {
      method: 'GET',
      route: '/api/deliveries/:id/final',
      path: `/api/deliveries/${theirs.id}/final`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 302 },
    },
  );
  return rows;
};
