import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import {
  CHAT_ADMIN_SOCKET_ACTIONS,
  adminRoomPayloadSchema,
  joinRoomPayloadSchema,
  messageSeenPayloadSchema,
  sendMessagePayloadSchema,
  typingPayloadSchema,
  type ChatAck,
  type TypingEvent,
} from '@cutroom/contracts';
import { isSessionLive } from '../auth';
import { HttpError, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error';
import type { AppSocket } from '../../plugins/realtime';
import { roomChannel } from './broadcast';
import { createSendLimiter } from './send-limit';
import type { ChatService } from './service';

type AckFn = (ack: ChatAck<unknown>) => void;

/**
 * SPEC.md §7 realtime events, each answered through its acknowledgement: `{ok: true, data}` or
 * `{ok: false, error}` with a message a person can read. They call the same service as the REST routes.
 */
export function registerChatSocketHandlers(app: FastifyInstance, chat: ChatService): void {
  // One count per account, over all its sockets (and, with Redis, all instances): see send-limit.ts.
  const sendLimit = createSendLimiter(app.redis, app.config.REDIS_PREFIX, app.log);
  app.io.on('connection', (socket: AppSocket) => {
    const user = socket.data.user;

    /**
     * Runs a write: the session must still be valid (a logout or a deleted account ends the socket). Most
     * writes check it first; sendMessage checks it inside the statement that stores the message.
     */
    const handle = async (
      ack: unknown,
      run: () => Promise<unknown>,
      session: 'check first' | 'checked by run' = 'check first',
    ): Promise<void> => {
      try {
        if (session === 'check first' && !(await isSessionLive(app.db, user.sessionId))) {
          throw unauthorized();
        }
        reply(ack, { ok: true, data: await run() });
      } catch (err) {
        reply(ack, { ok: false, error: readableError(err, app, socket) });
        if (err instanceof HttpError && err.statusCode === 401) socket.disconnect(true);
      }
    };
    // One socket's messages are stored in the order it sent them, even when they arrive back to back.
    let sending: Promise<void> = Promise.resolve();

    socket.on(
      'joinRoom',
      (payload: unknown, ack: unknown) =>
        void handle(ack, async () => {
          const { roomId, userId } = joinRoomPayloadSchema.parse(payload);
          if (userId !== undefined && userId !== user.id) throw forbidden('You can only join as yourself');
          const room = await chat.roomForReader(user, roomId);
          await socket.join(roomChannel(roomId));
          return { room };
        }),
    );

    socket.on('sendMessage', (payload: unknown, ack: unknown) => {
      // Counted when the message arrives, not when its turn comes: a busy server that runs a queue of
      // messages at once must not take them for a flood. The count is asked for at once (Redis answers in
      // the order asked) and awaited in turn; a failure is settled here so it is never left unhandled.
      const allowed = sendLimit.take(user.id, Date.now()).then(
        (ok) => ({ ok }),
        (err: unknown) => ({ ok: false, err }),
      );
      sending = sending.then(() =>
        handle(
          ack,
          async () => {
            const taken = await allowed;
            if ('err' in taken) throw taken.err;
            if (!taken.ok) throw tooManyRequests('Too many messages, please slow down');
            const input = sendMessagePayloadSchema.parse(payload);
            const { message } = await chat.send(user, {
              roomId: input.chatRoom,
              content: input.content,
              clientId: input.clientId,
            });
            return message;
          },
          'checked by run',
        ),
      );
    });

    socket.on(
      'messageSeen',
      (payload: unknown, ack: unknown) =>
        void handle(ack, async () => {
          const { roomId, messageId } = messageSeenPayloadSchema.parse(payload);
          return { messageIds: await chat.markSeen(user, { roomId, messageId }) };
        }),
    );

    // Typing reaches only the room's other open screens, and only from a member who joined it.
    const relayTyping = (event: 'typing' | 'stopTyping') => (payload: unknown) => {
      const parsed = typingPayloadSchema.safeParse(payload);
      if (!parsed.success || user.role === 'admin') return;
      const channel = roomChannel(parsed.data.roomId);
      if (!socket.rooms.has(channel)) return;
      const out: TypingEvent = { roomId: parsed.data.roomId, user: user.id, role: user.role };
      socket.to(channel).emit(event, out);
    };
    socket.on('typing', relayTyping('typing'));
    socket.on('stopTyping', relayTyping('stopTyping'));

    for (const [event, action] of Object.entries(CHAT_ADMIN_SOCKET_ACTIONS)) {
      socket.on(
        event,
        (payload: unknown, ack: unknown) =>
          void handle(ack, async () => {
            if (user.role !== 'admin') throw forbidden();
            const { roomId } = adminRoomPayloadSchema.parse(payload);
            return (await chat.moderate(roomId, action)).event;
          }),
      );
    }
  });
}

function reply(ack: unknown, value: ChatAck<unknown>): void {
  if (typeof ack === 'function') (ack as AckFn)(value);
}

function readableError(err: unknown, app: FastifyInstance, socket: AppSocket): string {
  if (err instanceof HttpError) return err.message;
  if (err instanceof ZodError) return err.issues[0]?.message ?? 'Invalid request';
  app.log.error({ err, socketId: socket.id }, 'chat socket handler failed');
  return 'Something went wrong. Please try again.';
}
