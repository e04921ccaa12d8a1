import { chatRoomStatus, type ChatMessage, type ChatRoom, type Role } from '@cutroom/contracts';
import type { chatMessages, chatRooms } from '../../db/schema';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
/** Who a room's events reach: the room and both of its members. */
export type RoomMembers = Pick<RoomRow, 'id' | 'creatorId' | 'editorId'>;

/** A room with what every reply about it needs: both members' public names and whether they still exist. */
export interface RoomRecord {
  room: RoomRow;
  creatorUsername: string;
  editorUsername: string;
  creatorDeleted: boolean;
  editorDeleted: boolean;
  /** The room's activity time exactly as PostgreSQL stores it (microseconds), for list cursors. */
  activityKey: string;
}

/**
 * The room as a member or an admin sees it: public usernames only (creators are anonymous handles), never
 * an e-mail address.
 */
export function toChatRoom(record: RoomRecord, unreadCount?: number): ChatRoom {
  const { room } = record;
  return {
    _id: room.id,
    creator: { _id: room.creatorId, username: record.creatorUsername },
    editor: { _id: room.editorId, username: record.editorUsername },
    isFrozen: room.isFrozen,
    isEnded: room.isEnded,
    status: chatRoomStatus(room),
    lastMessage:
      room.lastMessageText !== null && room.lastMessageAt
        ? {
            message: room.lastMessageText,
            sentAt: room.lastMessageAt.toISOString(),
            senderId: room.lastMessageSenderId,
          }
        : null,
    ...(unreadCount === undefined ? {} : { unreadCount }),
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    clientId: row.clientId,
    chatRoom: row.chatRoomId,
    sender: row.senderId && row.senderRole ? { _id: row.senderId, role: row.senderRole as Role } : null,
    content: row.content,
    kind: row.kind,
    data: row.data ?? null,
    sentAt: row.sentAt.toISOString(),
    read: row.read,
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}
