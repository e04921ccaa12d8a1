import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFileName,
  documentParamsSchema,
  errorReplies,
  orderDocumentsReplySchema,
  orderParamsSchema,
  taxDocumentsPageSchema,
} from '@cutroom/contracts';
import { requireRole, requireUser } from '../../plugins/current-user';
import type { TaxDocumentContent } from './pdf/content';
import { renderTaxDocumentPdf } from './pdf/render';
import { documentFor, editorDocuments, orderDocuments } from './queries';

const cursorQuery = z.object({ cursor: z.string().max(200).optional() });
const orderPaper = { 200: orderDocumentsReplySchema, ...errorReplies };
const editorPaper = { 200: taxDocumentsPageSchema, ...errorReplies };

/** Receipts, invoices and credit notes: listed per order and per editor, each downloadable as a PDF. */
export const invoiceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/orders/:id/documents',
    { onRequest: requireUser, schema: { params: orderParamsSchema, response: orderPaper } },
    async (request) => ({ items: await orderDocuments(app.db, request.user!, request.params.id) }),
  );

  app.get(
    '/earnings/documents',
    { onRequest: requireRole('editor'), schema: { querystring: cursorQuery, response: editorPaper } },
    async (request) => editorDocuments(app.db, request.user!.id, request.query.cursor),
  );

  app.get(
    '/documents/:id/pdf',
    { onRequest: requireUser, schema: { params: documentParamsSchema, response: { ...errorReplies } } },
    async (request, reply) => {
      const doc = await documentFor(app.db, request.user!, request.params.id);
      // Drawn from the content frozen at issue: the same paper every time it is downloaded.
      const pdf = await renderTaxDocumentPdf(doc.content as TaxDocumentContent);
      // The schema types the JSON errors; the success is bytes, sent untyped.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(doc.number)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
