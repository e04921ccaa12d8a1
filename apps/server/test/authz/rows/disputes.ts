import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DisputeStatus } from '@cutroom/contracts';
import { Readable } from 'node:stream';
import { chatRooms, disputeEvidence, disputes, orders } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import { adminOnly, type AuthzContext, type AuthzRow, type AuthzRowsFactory, type Who } from '../types';
import { insertPaidOrder } from './orders';

type Room = { id: string; creatorId: string; editorId: string };
type Side = 'creator' | 'editor';

const inProgress = {
  status: 'in_progress' as const,
  acceptedAt: new Date(),
  dueAt: new Date(Date.now() + 3 * 24 * 3_600_000),
  offerExpiresAt: null,
};

/**
 * A paid order in progress of `room` with a dispute in `status`, opened by `openedBy`; an open one
 * freezes the order (orders.dispute_id), as opening it through the API does.
 */
async function insertDispute(ctx: AuthzContext, room: Room, openedBy: Side, status: DisputeStatus) {
  const order = await insertPaidOrder(ctx, room, inProgress);
  const answered = status !== 'awaiting_response';
  const [row] = await ctx.server.db
    .insert(disputes)
    .values({
      orderId: order.id,
      openedBy,
      openedById: openedBy === 'creator' ? room.creatorId : room.editorId,
      reason: 'quality',
      statement: 'The matrix says the cut is not what was agreed.',
      status,
      respondBy: new Date(Date.now() + 48 * 3_600_000),
      ...(answered ? { responseStatement: 'The matrix answers that it is.', respondedAt: new Date() } : {}),
      ...(status === 'with_admins' ? { escalatedAt: new Date() } : {}),
    })
    .returning();
  if (['awaiting_response', 'answered', 'with_admins'].includes(status)) {
    await ctx.server.db.update(orders).set({ disputeId: row!.id }).where(eq(orders.id, order.id));
  }
  return { orderId: order.id, disputeId: row!.id };
}

/** A PDF attached by `side`, stored as the upload route stores one; its evidence id. */
async function insertFile(ctx: AuthzContext, disputeId: string, side: Side): Promise<string> {
  const key = `disputes/evidence/${randomUUID()}.pdf`;
  const bytes = Buffer.from('%PDF-1.4\n% the matrix\n%%EOF\n');
  await ctx.server.app.storage.put('private', key, Readable.from([bytes]), {
    contentType: 'application/pdf',
  });
  const [row] = await ctx.server.db
    .insert(disputeEvidence)
    .values({
      disputeId,
      side,
      fileKey: key,
      fileType: 'application/pdf',
      fileBytes: bytes.length,
      fileSha256: 'matrix',
      summary: 'brief.pdf',
    })
    .returning();
  return row!.id;
}

/** A one-pixel PNG, sent as the page sends an evidence file. */
function evidenceForm(): FormData {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
  return form;
}

/**
 * Disputes (issue 26): the two sides of an order open one, read it, answer the other's, send an answered
 * one to admins and withdraw their own; admins read the queue and the case file and decide. Strangers to
 * the order are told neither the order nor the dispute exists (404); admins do not act for the sides (403
 * by role) and the sides do not decide (403 by role). Fixtures of this file: the matrix creator's room
 * with another editor, the matrix editor's room with another creator, and a room between strangers.
 */
export const disputeRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { creator, editor } = ctx.users;
  const [creatorY, editorX, strangerC, strangerE] = await Promise.all([
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
  ]);
  const rooms = await db
    .insert(chatRooms)
    .values([
      { creatorId: creator.id, editorId: editorX.id },
      { creatorId: creatorY.id, editorId: editor.id },
      { creatorId: strangerC.id, editorId: strangerE.id },
    ])
    .returning();
  const [creatorsRoom, editorsRoom, foreign] = [rooms[0]!, rooms[1]!, rooms[2]!];
  const [creatorsCase, editorsCase, theirCase] = await Promise.all([
    insertDispute(ctx, creatorsRoom, 'editor', 'awaiting_response'),
    insertDispute(ctx, editorsRoom, 'creator', 'awaiting_response'),
    insertDispute(ctx, foreign, 'creator', 'answered'),
  ]);

  const [creatorsFile, theirFile] = await Promise.all([
    insertFile(ctx, creatorsCase.disputeId, 'editor'),
    insertFile(ctx, theirCase.disputeId, 'creator'),
  ]);

  const roomOf = (who: Who) => (who === 'editor' ? editorsRoom : creatorsRoom);
  const sideOf = (who: Who): Side => (who === 'editor' ? 'editor' : 'creator');
  const other = (side: Side): Side => (side === 'creator' ? 'editor' : 'creator');
  /** A fresh dispute per role, in that role's own room: opened by `opener(side)`, in `status`. */
  const freshCase =
    (opener: (side: Side) => Side, status: DisputeStatus, step: string, base = '/api/disputes') =>
    async (who: Who) =>
      `${base}/${(await insertDispute(ctx, roomOf(who), opener(sideOf(who)), status)).disputeId}/${step}`;
  const foreignCase =
    (status: DisputeStatus, step: string, base = '/api/disputes') =>
    async () =>
      `${base}/${(await insertDispute(ctx, foreign, 'creator', status)).disputeId}/${step}`;
  const sidesMay = (status: number) => ({ anonymous: 401, creator: status, editor: status, admin: 403 });
  const strangers = { anonymous: 401, creator: 404, editor: 404, admin: 403 };
  const statement = { statement: 'The matrix has something to say about this order.' };

  const rows: AuthzRow[] = [
    {
      method: 'POST',
      route: '/api/orders/:id/dispute',
      path: async (who) => `/api/orders/${(await insertPaidOrder(ctx, roomOf(who), inProgress)).id}/dispute`,
      body: { reason: 'quality', ...statement },
      expect: sidesMay(201),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/dispute',
      path: async () => `/api/orders/${(await insertPaidOrder(ctx, foreign, inProgress)).id}/dispute`,
      body: { reason: 'quality', ...statement },
      expect: strangers,
    },
    {
      method: 'GET',
      route: '/api/orders/:id/disputes',
      path: `/api/orders/${creatorsCase.orderId}/disputes`,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/disputes',
      path: `/api/orders/${editorsCase.orderId}/disputes`,
      expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/disputes',
      path: `/api/orders/${theirCase.orderId}/disputes`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id',
      path: `/api/disputes/${creatorsCase.disputeId}`,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id',
      path: `/api/disputes/${editorsCase.disputeId}`,
      expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id',
      path: `/api/disputes/${theirCase.disputeId}`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id',
      path: `/api/disputes/${randomUUID()}`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 404 },
    },
    // Answering is for the side that did not open it.
    {
      method: 'POST',
      route: '/api/disputes/:id/answer',
      path: freshCase(other, 'awaiting_response', 'answer'),
      body: statement,
      expect: sidesMay(200),
    },
    {
      method: 'POST',
      route: '/api/disputes/:id/answer',
      path: foreignCase('awaiting_response', 'answer'),
      body: statement,
      expect: strangers,
    },
    // Either side sends an answered dispute to admins.
    {
      method: 'POST',
      route: '/api/disputes/:id/escalate',
      path: freshCase(other, 'answered', 'escalate'),
      expect: sidesMay(200),
    },
    {
      method: 'POST',
      route: '/api/disputes/:id/escalate',
      path: foreignCase('answered', 'escalate'),
      expect: strangers,
    },
    // Withdrawing is for the side that opened it.
    {
      method: 'POST',
      route: '/api/disputes/:id/withdraw',
      path: freshCase((side) => side, 'awaiting_response', 'withdraw'),
      expect: sidesMay(200),
    },
    {
      method: 'POST',
      route: '/api/disputes/:id/withdraw',
      path: foreignCase('awaiting_response', 'withdraw'),
      expect: strangers,
    },
    // Files: each side attaches its own while the dispute is open; both sides and admins download them.
    {
      method: 'POST',
      route: '/api/disputes/:id/evidence',
      path: freshCase((side) => side, 'awaiting_response', 'evidence'),
      body: evidenceForm(),
      expect: { anonymous: 401, creator: 201, editor: 201, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/disputes/:id/evidence',
      path: freshCase(other, 'with_admins', 'evidence'),
      body: evidenceForm(),
      expect: { anonymous: 401, creator: 201, editor: 201, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/disputes/:id/evidence',
      path: foreignCase('awaiting_response', 'evidence'),
      body: evidenceForm(),
      expect: strangers,
    },
    {
      method: 'GET',
      route: '/api/disputes/:id/evidence/:evidenceId/file',
      path: `/api/disputes/${creatorsCase.disputeId}/evidence/${creatorsFile}/file`,
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id/evidence/:evidenceId/file',
      path: `/api/disputes/${theirCase.disputeId}/evidence/${theirFile}/file`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/disputes/:id/evidence/:evidenceId/file',
      // A file of another dispute, asked for under one the viewer may read.
      path: `/api/disputes/${creatorsCase.disputeId}/evidence/${theirFile}/file`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 404 },
    },
    { method: 'GET', route: '/api/admin/disputes', path: '/api/admin/disputes', expect: adminOnly },
    {
      method: 'GET',
      route: '/api/admin/disputes',
      path: '/api/admin/disputes?status=closed&page=2&limit=5',
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/admin/disputes/:id',
      path: `/api/admin/disputes/${theirCase.disputeId}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/admin/disputes/:id',
      // An admin route even for the dispute's own sides.
      path: `/api/admin/disputes/${creatorsCase.disputeId}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/disputes/:id/decide',
      path: foreignCase('with_admins', 'decide', '/api/admin/disputes'),
      body: { decision: 'release', note: 'Decided by the matrix' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/disputes/:id/decide',
      // The sides' own dispute: still only admins decide.
      path: freshCase(other, 'with_admins', 'decide', '/api/admin/disputes'),
      body: { decision: 'release', note: 'Decided by the matrix' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
  ];
  return rows;
};
