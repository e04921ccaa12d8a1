import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { orderFiles } from '../../../src/db/schema';
import { matrixPairRoom } from '../pair-room';
import type { AuthzRowsFactory } from '../types';
import { insertOrder } from './orders';

/**
 * An order's files: the tus endpoint (its creation refuses admins; an upload answers only its uploader),
 * the list and a download for the order's two sides and admins.
 */
export const fileRows: AuthzRowsFactory = async (ctx) => {
  const room = await matrixPairRoom(ctx);
  const order = await insertOrder(ctx, room, {
    status: 'in_progress',
    acceptedAt: new Date(),
    offerExpiresAt: null,
  });
  const storageKey = `orders/${order.id}/files/${randomBytes(8).toString('hex')}.bin`;
  await ctx.server.app.storage.put('private', storageKey, Readable.from([randomBytes(64)]), {
    contentType: 'application/octet-stream',
  });
  const base = {
    orderId: order.id,
    kind: 'footage' as const,
    uploaderId: room.creatorId,
    uploaderRole: 'creator' as const,
    sizeBytes: 64,
    expiresAt: new Date(Date.now() + 3_600_000),
  };
  const [ready] = await ctx.server.db
    .insert(orderFiles)
    .values({
      ...base,
      tusId: randomBytes(24).toString('hex'),
      name: 'ready.bin',
      status: 'ready',
      storageKey,
    })
    .returning();
  const uploadId = randomBytes(24).toString('hex');
  await ctx.server.db.insert(orderFiles).values({ ...base, tusId: uploadId, name: 'open.bin' });
  // The creator's own upload reaches the tus server, which wants its protocol header (412): authorised.
  const ownUpload = { anonymous: 401, creator: 'pass', editor: 404, admin: 403 } as const;
  return [
    {
      method: 'POST',
      route: '/api/uploads',
      path: '/api/uploads',
      // Signed-in sides get past authorisation to the metadata check (none sent: 400).
      expect: { anonymous: 401, creator: 400, editor: 400, admin: 403 },
    },
    { method: 'PATCH', route: '/api/uploads/:uploadId', path: `/api/uploads/${uploadId}`, expect: ownUpload },
    {
      method: 'DELETE',
      route: '/api/uploads/:uploadId',
      path: `/api/uploads/${uploadId}`,
      expect: ownUpload,
    },
    {
      method: 'GET',
      route: '/api/orders/:id/files',
      path: `/api/orders/${order.id}/files`,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/files.zip',
      path: `/api/orders/${order.id}/files.zip`,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/order-files/:id/download',
      path: `/api/order-files/${ready!.id}/download`,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
  ];
};
