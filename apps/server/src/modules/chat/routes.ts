import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_ADMIN_ACTIONS,
  CHAT_ADMIN_ACTION_DONE,
  adminChatParamsSchema,
  chatInitiatedReplySchema,
  chatMessageReplySchema,
  chatMessagesPageSchema,
  chatRoomActionReplySchema,
  chatRoomReplySchema,
  chatRoomsPageSchema,
  errorReplies,
  chatRoomParamsSchema,
  initiateChatInputSchema,
  messagesQuerySchema,
  roomsQuerySchema,
  sendMessageBodySchema,
} from '@cutroom/contracts';
import { perUserLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import { defineDigestJob } from './unread-digest';
import { chatService } from './service';
import { registerChatSocketHandlers } from './socket';

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const roomsPage = { 200: chatRoomsPageSchema, ...errorReplies };
const initiated = { 200: chatInitiatedReplySchema, 201: chatInitiatedReplySchema, ...errorReplies };
const messagesPage = { 200: chatMessagesPageSchema, ...errorReplies };
const sent = { 200: chatMessageReplySchema, 201: chatMessageReplySchema, ...errorReplies };
const oneRoom = { 200: chatRoomReplySchema, ...errorReplies };
const roomAction = { 200: chatRoomActionReplySchema, ...errorReplies };

/** SPEC.md §7 chat calls. Authorization runs before validation so strangers learn nothing from errors. */
export const chatRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const chat = chatService(app);
  defineDigestJob(app);
  registerChatSocketHandlers(app, chat);

  const members = requireRole('creator', 'editor');
  const admins = requireRole('admin');

  app.get(
    '/chat/my-rooms',
    { preValidation: members, schema: { querystring: roomsQuerySchema, response: roomsPage } },
    async (request) => chat.listMyRooms(request.user!, request.query),
  );

  app.post(
    '/chat/initiate',
    {
      preValidation: requireRole('creator'),
      schema: { body: initiateChatInputSchema, response: initiated },
      config: perUserLimit(30),
    },
    async (request, reply) => {
      const { room, created } = await chat.initiate(request.user!, request.body.editorId);
      return reply.status(created ? 201 : 200).send({ roomId: room._id, data: room });
    },
  );

  app.get(
    '/chat/:roomId/messages',
    {
      preValidation: requireUser,
      schema: { params: chatRoomParamsSchema, querystring: messagesQuerySchema, response: messagesPage },
    },
    async (request) => chat.listMessages(request.user!, request.params.roomId, request.query),
  );

  app.post(
    '/chat/message',
    {
      preValidation: members,
      schema: { body: sendMessageBodySchema, response: sent },
      config: perUserLimit(120),
    },
    async (request, reply) => {
      const { message, created } = await chat.send(request.user!, {
        roomId: request.body.chatRoomId,
        content: request.body.content,
        clientId: request.body.clientId,
      });
      return reply.status(created ? 201 : 200).send({ data: message });
    },
  );

  app.get(
    '/admin/chat-rooms',
    { preValidation: admins, schema: { querystring: roomsQuerySchema, response: roomsPage } },
    async (request) => chat.listAllRooms(request.query),
  );

  app.get(
    '/admin/chat-rooms/:roomId',
    { preValidation: admins, schema: { params: chatRoomParamsSchema, response: oneRoom } },
    async (request) => ({ data: await chat.adminRoom(request.params.roomId) }),
  );

  for (const action of CHAT_ADMIN_ACTIONS) {
    app.patch(
      `/admin/chat/:id/${action}`,
      { preValidation: admins, schema: { params: adminChatParamsSchema, response: roomAction } },
      async (request) => {
        const { room } = await chat.moderate(request.params.id, action);
        return { message: CHAT_ADMIN_ACTION_DONE[action], data: room };
      },
    );
  }
};
