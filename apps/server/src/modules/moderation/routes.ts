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
} from '@cutroom/contracts';
import { requireRole } from '../../plugins/current-user';
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
import { listenForSuspectedContent } from './listeners';

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const flagsPage = { 200: moderationPageSchema, ...errorReplies };
const flagAction = { 200: moderationFlagReplySchema, ...errorReplies };

/** The admin's moderation queue: flagged text, dismissed or acted on (message removed, room frozen). */
export const moderationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  listenForSuspectedContent(app);
  const adminOnly = requireRole('admin');
  const params = { params: moderationFlagParamsSchema, response: flagAction };

  app.get(
    '/admin/moderation-flags',
    { onRequest: adminOnly, schema: { querystring: moderationQuerySchema, response: flagsPage } },
    async (request) => listFlags(app.db, request.query),
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
