import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGE_REMOVED_EVENT,
  MODERATION_MESSAGES,
  errorReplies,
  moderationFlagReplySchema,
  moderationPageSchema,
  moderationFlagParamsSchema,
  moderationQuerySchema,
  contactRefusalReplySchema,
  contactRefusalReportSchema,
  repeatOffendersPageSchema,
  repeatOffendersQuerySchema,
} from '@cutroom/contracts';
import { perUserLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import { userChannel } from '../../plugins/realtime';
import { roomChannel } from '../chat';
import { chatService } from '../chat';
import {
  closeRoomFlags,
  dismissFlag,
  findFlag,
  listFlags,
  removeFlaggedMessage,
  roomOfOpenFlag,
} from './service';
import { listenForRefusedContent, listenForSuspectedContent } from './listeners';
import { listRepeatOffenders, screenReported } from './refusals';

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const flagsPage = { 200: moderationPageSchema, ...errorReplies };
const flagAction = { 200: moderationFlagReplySchema, ...errorReplies };

/** The admin's moderation queue: flagged text, dismissed or acted on (message removed, room frozen). */
export const moderationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  listenForSuspectedContent(app);
  listenForRefusedContent(app);
  const adminOnly = requireRole('admin');
  const params = { params: moderationFlagParamsSchema, response: flagAction };

  app.get(
    '/admin/moderation-flags',
    { onRequest: adminOnly, schema: { querystring: moderationQuerySchema, response: flagsPage } },
    async (request) => listFlags(app.db, request.query),
  );

  app.get(
    '/admin/moderation-refusals',
    {
      onRequest: adminOnly,
      schema: {
        querystring: repeatOffendersQuerySchema,
        response: { 200: repeatOffendersPageSchema, ...errorReplies },
      },
    },
    async (request) => listRepeatOffenders(app.db, request.query),
  );

  // The page refused a text itself: screened again here, and a refusal is put on record by the error
  // handler (who, where, when, the kind). Answers 400 with SPEC's message, or `{ refused: false }`.
  app.post(
    '/contact-refusals',
    {
      onRequest: requireUser,
      schema: {
        body: contactRefusalReportSchema,
        response: { 200: contactRefusalReplySchema, ...errorReplies },
      },
      config: perUserLimit(60),
    },
    async (request) => {
      screenReported(request.body);
      return { refused: false as const };
    },
  );

  app.post(
    '/admin/moderation-flags/:id/dismiss',
    { onRequest: adminOnly, schema: params },
    async (request) => {
      await dismissFlag(app.db, request.params.id, request.user!.id);
      return { message: MODERATION_MESSAGES.dismissed, data: await findFlag(app.db, request.params.id) };
    },
  );

  app.post(
    '/admin/moderation-flags/:id/remove-message',
    { onRequest: adminOnly, schema: params },
    async (request) => {
      const removed = await removeFlaggedMessage(app.db, request.params.id, request.user!.id);
      app.io
        .to([roomChannel(removed.roomId), userChannel(removed.creatorId), userChannel(removed.editorId)])
        .emit(MESSAGE_REMOVED_EVENT, removed.message);
      return { message: MODERATION_MESSAGES.messageRemoved, data: await findFlag(app.db, request.params.id) };
    },
  );

  app.post(
    '/admin/moderation-flags/:id/freeze-room',
    { onRequest: adminOnly, schema: params },
    async (request) => {
      const roomId = await roomOfOpenFlag(app.db, request.params.id);
      // The chat's own rule and events (chatFrozen to the room); 409 when the room is not Active.
      await chatService(app).moderate(roomId, 'freeze');
      await closeRoomFlags(app.db, roomId, request.user!.id);
      return { message: MODERATION_MESSAGES.roomFrozen, data: await findFlag(app.db, request.params.id) };
    },
  );
};
