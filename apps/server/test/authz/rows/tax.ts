import { randomUUID } from 'node:crypto';
import { financialYearOf, monthOf, type TaxDocumentKind } from '@cutroom/contracts';
import { chatRooms, taxDocuments } from '../../../src/db/schema';
import { intraStateInvoiceSample, receiptSample } from '../../../src/modules/invoices/pdf/samples';
import { createTestUser } from '../../helpers/users';
import { matrixPairRoom } from '../pair-room';
import type { AuthzContext, AuthzRowsFactory, Expectation, Who } from '../types';
import { insertPaidOrder } from './orders';

const editorOnly: Record<Who, Expectation> = { anonymous: 401, creator: 403, editor: 'pass', admin: 403 };
const adminOnly: Record<Who, Expectation> = { anonymous: 401, creator: 403, editor: 403, admin: 'pass' };

/** A document issued to `partyId` on `orderId`, in a series of the matrix's own (no real paper uses it). */
async function insertDocument(ctx: AuthzContext, orderId: string, partyId: string, kind: TaxDocumentKind) {
  const sequence = Math.floor(Math.random() * 900_000) + 1;
  const number = `CR/AUTHZ/${financialYearOf(new Date())}/${String(sequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
  const sample = kind === 'receipt' ? receiptSample : intraStateInvoiceSample;
  const [row] = await ctx.server.db
    .insert(taxDocuments)
    .values({
      kind,
      series: `AUTHZ-${randomUUID()}`,
      financialYear: financialYearOf(new Date()),
      sequence,
      number,
      orderId,
      partyId,
      sourceKey: `authz:${randomUUID()}`,
      taxablePaise: sample.totalPaise,
      taxPaise: 0,
      totalPaise: sample.totalPaise,
      content: { ...sample, number },
    })
    .returning();
  return row!;
}

/**
 * Tax (issue 27): an editor's tax profile and their list of commission paper are their own (the routes
 * take no id); an order's paper is seen by its creator and editor (each only what was issued to them) and
 * admins, strangers are told the order does not exist; a document's PDF is for its party and admins only.
 */
export const taxRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { creator, editor } = ctx.users;
  const room = await matrixPairRoom(ctx);
  const [strangerC, strangerE] = await Promise.all([
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
  ]);
  const [foreignRoom] = await db
    .insert(chatRooms)
    .values({ creatorId: strangerC.id, editorId: strangerE.id })
    .returning();
  const [ours, theirs] = await Promise.all([insertPaidOrder(ctx, room), insertPaidOrder(ctx, foreignRoom!)]);
  const [creatorsReceipt, editorsInvoice, theirReceipt] = await Promise.all([
    insertDocument(ctx, ours.id, creator.id, 'receipt'),
    insertDocument(ctx, ours.id, editor.id, 'commission_invoice'),
    insertDocument(ctx, theirs.id, strangerC.id, 'receipt'),
  ]);

  return [
    {
      method: 'GET',
      route: '/api/earnings/tax-profile',
      path: '/api/earnings/tax-profile',
      expect: editorOnly,
    },
    {
      method: 'PUT',
      route: '/api/earnings/tax-profile',
      path: '/api/earnings/tax-profile',
      body: { legalName: 'Matrix Editor', entityType: 'individual', stateCode: '29', pan: 'ABCPE1234F' },
      expect: editorOnly,
    },
    { method: 'GET', route: '/api/earnings/documents', path: '/api/earnings/documents', expect: editorOnly },
    {
      method: 'GET',
      route: '/api/orders/:id/documents',
      path: `/api/orders/${ours.id}/documents`,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/orders/:id/documents',
      path: `/api/orders/${theirs.id}/documents`,
      // Strangers to the order are told it does not exist.
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/documents/:id/pdf',
      path: `/api/documents/${creatorsReceipt.id}/pdf`,
      // The receipt is the creator's: the order's editor does not get it.
      expect: { anonymous: 401, creator: 200, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/documents/:id/pdf',
      path: `/api/documents/${editorsInvoice.id}/pdf`,
      expect: { anonymous: 401, creator: 404, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/documents/:id/pdf',
      path: `/api/documents/${theirReceipt.id}/pdf`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/documents/:id/pdf',
      path: `/api/documents/${randomUUID()}/pdf`,
      expect: { anonymous: 401, creator: 404, editor: 404, admin: 404 },
    },
    // The editor's own statements (no id: only ever their own rows); an ended quarter.
    {
      method: 'GET',
      route: '/api/earnings/statements/:month',
      path: `/api/earnings/statements/${monthOf(new Date())}`,
      expect: editorOnly,
    },
    {
      method: 'GET',
      route: '/api/earnings/tds/:quarter',
      path: '/api/earnings/tds/2024-25-Q4',
      expect: editorOnly,
    },
    { method: 'GET', route: '/api/admin/tax', path: '/api/admin/tax', expect: adminOnly },
    {
      method: 'GET',
      route: '/api/admin/tax/exports/:kind',
      path: `/api/admin/tax/exports/tcs?period=${monthOf(new Date())}`,
      expect: adminOnly,
    },
    {
      method: 'GET',
      route: '/api/admin/tax/exports/:kind',
      path: '/api/admin/tax/exports/tds?period=2024-25-Q4',
      expect: adminOnly,
    },
  ];
};
