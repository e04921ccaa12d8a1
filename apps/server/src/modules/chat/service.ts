import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  CHAT_MESSAGES,
  type ChatAdminAction,
  type ChatMessage,
  type ChatRoom,
  type MessagesPage,
  type MessagesQuery,
  type RoomStatusEvent,
  type RoomsPage,
  type RoomsQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import type { AppIo } from '../../plugins/realtime';
import type { SessionUser } from '../auth';
import { broadcastNewMessage, broadcastSeen, broadcastStatus } from './broadcast';
import {
  listMessages,
  markSeen,
  storeMessage,
  storeSystemLine,
  type ChatWriting,
  type NewMessageInput,
  type Sender,
  type SystemLineInput,
} from './messages';
import {
  adminRoom,
  findRoom,
  initiateRoom,
  listAllRooms,
  listMyRooms,
  moderateRoom,
  roomForUser,
} from './rooms';
import { toChatMessage, toChatRoom, type MessageRow, type RoomMembers } from './serialize';
import { runAfterCommit, type AppEvents } from '../../events';
import type { Notifier } from '../notifications';
import { recordRefusal } from '../../lib/contact-refusals';

type Actor = Pick<SessionUser, 'id' | 'role'>;

/**
 * The one chat service behind the REST routes and the socket handlers: every write is stored first and
 * only then announced to the room, so a screen never shows what the database does not hold.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly io: AppIo,
    /** The server's message writer and senders' memory (one each per server). */
    readonly writing: ChatWriting,
    private readonly log?: FastifyBaseLogger,
    /** Told of every new member message once it is stored and announced (notifications). */
    private readonly afterSend?: (room: RoomMembers, message: MessageRow) => Promise<void>,
    /** Where a suspicious message is announced (moderation files it). */
    private readonly events?: AppEvents,
    /** Marks a member's notices of a room read when they open it, answer in it or read its messages. */
    private readonly notices?: Pick<Notifier, 'markReadFor'>,
  ) {}

  /** Members' marks in flight, by member and room: a burst of sends makes one, not one per message. */
  private readonly marking = new Set<string>();

  /** The member acted in the room: their notices of it (messages, its orders' steps) are read. */
  private async actedIn(user: Actor, roomId: string): Promise<void> {
    const key = `${user.id}:${roomId}`;
    if (!this.notices || user.role === 'admin' || this.marking.has(key)) return;
    this.marking.add(key);
    try {
      await this.notices.markReadFor(user.id, { roomId });
    } finally {
      this.marking.delete(key);
    }
  }

  listMyRooms(user: Actor, query: RoomsQuery): Promise<RoomsPage> {
    return listMyRooms(this.db, user, query);
  }

  async initiate(user: Actor, editorId: string): Promise<{ room: ChatRoom; created: boolean }> {
    const { record, created } = await initiateRoom(this.db, user, editorId);
    return { room: toChatRoom(record), created };
  }

  /** For joinRoom: members, and admins observing read-only. */
  async roomForReader(user: Actor, roomId: string): Promise<ChatRoom> {
    return toChatRoom(await roomForUser(this.db, user, roomId, 'read'));
  }

  /**
   * A room's messages. Loading its latest (or older) ones is opening the room (see actedIn); a page
   * `after` a message is a tab catching up in the background after a reconnection, which opens nothing.
   */
  async listMessages(user: Actor, roomId: string, query: MessagesQuery): Promise<MessagesPage> {
    const page = await listMessages(this.db, user, roomId, query);
    if (!query.after) await this.actedIn(user, roomId);
    return page;
  }

  /** A member's message; with a session (socket or request), stored only while that session is live. */
  async send(user: Sender, input: NewMessageInput): Promise<{ message: ChatMessage; created: boolean }> {
    const { message, room, created, suspicion } = await storeMessage(
      this.db,
      this.writing,
      user,
      input,
      (err, messages) =>
        this.log?.error({ err, messages }, 'chat messages could not be written together; writing one by one'),
    ).catch(async (err: unknown) => {
      // A refused message is put on record here, for sockets and requests alike.
      if (this.events) await recordRefusal(this.events, err, user.id);
      throw err;
    });
    const shaped = toChatMessage(message);
    // A retry of a message already announced is not announced again: screens never show it twice.
    if (created) broadcastNewMessage(this.io, room, shaped);
    // Not awaited: the sender's acknowledgement does not wait for their bell.
    void this.actedIn(user, room.id);
    if (created && this.afterSend) {
      await this.afterSend(room, message).catch((err) =>
        this.log?.error({ err, messageId: message.id }, 'message notification not recorded'),
      );
    }
    if (created && suspicion && this.events) {
      // Delivered either way: a flag that cannot be filed is logged, never turned into a failed send.
      const place = {
        source: 'chat_message' as const,
        authorId: user.id,
        roomId: room.id,
        messageId: message.id,
      };
      await this.events
        .emitInTransaction(this.db, 'content.suspected', { suspicion, place })
        .then((after) => (this.log ? runAfterCommit(after, this.log) : undefined))
        .catch((err) => this.log?.error({ err, messageId: message.id }, 'could not file a moderation flag'));
    }
    return { message: shaped, created };
  }

  async markSeen(user: Actor, input: { roomId: string; messageId: string }): Promise<string[]> {
    const { record, marked } = await markSeen(this.db, user, input);
    if (marked.length > 0) await this.actedIn(user, input.roomId);
    broadcastSeen(
      this.io,
      record.room,
      marked.map((m) => ({
        roomId: input.roomId,
        messageId: m.id,
        sender: m.senderId,
        readAt: m.readAt.toISOString(),
      })),
    );
    return marked.map((m) => m.id);
  }

  listAllRooms(query: RoomsQuery): Promise<RoomsPage> {
    return listAllRooms(this.db, query);
  }

  adminRoom(roomId: string): Promise<ChatRoom> {
    return adminRoom(this.db, roomId);
  }

  async moderate(
    roomId: string,
    action: ChatAdminAction,
  ): Promise<{ room: ChatRoom; event: RoomStatusEvent }> {
    const record = await moderateRoom(this.db, roomId, action);
    const event = broadcastStatus(this.io, record.room, action);
    return { room: toChatRoom(record), event };
  }

  /** For other modules (deliveries, payments): a platform line in a room, shown live to its members. */
  async postSystemLine(input: SystemLineInput): Promise<ChatMessage> {
    const record = await findRoom(this.db, input.roomId);
    if (!record) throw notFound(CHAT_MESSAGES.roomNotFound);
    const { message, created } = await storeSystemLine(this.db, input);
    const shaped = toChatMessage(message);
    if (created) broadcastNewMessage(this.io, record.room, shaped);
    return shaped;
  }
}

/** The chat service of a running app: made once by the chat module (plugin.ts), decorated on the app. */
export const chatService = (app: FastifyInstance): ChatService => app.chat;
