import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_MESSAGES,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  adminReviewReplySchema,
  editorReviewsPageSchema,
  errorReplies,
  reviewInputSchema,
  reviewModerationInputSchema,
  reviewPageQuerySchema,
  reviewReplyInputSchema,
  reviewSavedReplySchema,
} from '@cutroom/contracts';
import { requireRole } from '../../plugins/current-user';
import {
  createReview,
  findReview,
  findReviewForAdmin,
  listEditorReviews,
  listReviewsForAdmin,
  moderateReview,
  replyToReview,
} from './service';

const idParams = z.object({ id: z.string().max(64) });
// What each route answers (besides the error handler's `{ message }` on a 4xx).
const editorReviews = { 200: editorReviewsPageSchema, ...errorReplies };
const written = { 201: reviewSavedReplySchema, ...errorReplies };
const replied = { 200: reviewSavedReplySchema, ...errorReplies };
const adminPage = { 200: adminReviewPageSchema, ...errorReplies };
const moderated = { 200: adminReviewReplySchema, ...errorReplies };

/** Reviews of completed orders: written by creators, answered by editors, hidden by admins (issue 15). */
export const reviewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');

  app.get(
    '/users/editors/:id/reviews',
    { schema: { params: idParams, querystring: reviewPageQuerySchema, response: editorReviews } },
    async (request) => listEditorReviews(app.db, request.params.id, request.query, request.user?.id),
  );

  app.post(
    '/orders/:id/review',
    {
      onRequest: requireRole('creator'),
      schema: { params: idParams, body: reviewInputSchema, response: written },
    },
    async (request, reply) => {
      const row = await createReview(app.db, request.user!, request.params.id, request.body);
      // The cards' stars and the sort orders changed; the creator's notices of the order are read.
      app.editorCatalogue.changed();
      await app.notifier.markReadFor(request.user!.id, { orderId: row.orderId });
      reply.code(201);
      return { message: REVIEW_MESSAGES.created, data: await findReview(app.db, row.id) };
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      onRequest: requireRole('editor'),
      schema: { params: idParams, body: reviewReplyInputSchema, response: replied },
    },
    async (request) => {
      const row = await replyToReview(app.db, request.user!, request.params.id, request.body.reply);
      // Answering the review acts on the completed order: the editor's notices of it are read.
      await app.notifier.markReadFor(request.user!.id, { orderId: row.orderId });
      return { message: REVIEW_MESSAGES.replied, data: await findReview(app.db, row.id, request.user!.id) };
    },
  );

  app.get(
    '/admin/reviews',
    { onRequest: adminOnly, schema: { querystring: adminReviewQuerySchema, response: adminPage } },
    async (request) => listReviewsForAdmin(app.db, request.query),
  );

  for (const [path, action, message] of [
    ['hide', 'hide', REVIEW_MESSAGES.hidden],
    ['unhide', 'show', REVIEW_MESSAGES.shown],
  ] as const) {
    app.post(
      `/admin/reviews/:id/${path}`,
      {
        onRequest: adminOnly,
        schema: { params: idParams, body: reviewModerationInputSchema, response: moderated },
      },
      async (request) => {
        const row = await moderateReview(
          app.db,
          request.user!.id,
          request.params.id,
          action,
          request.body.reason,
        );
        app.editorCatalogue.changed();
        return { message, data: await findReviewForAdmin(app.db, row.id) };
      },
    );
  }
};
