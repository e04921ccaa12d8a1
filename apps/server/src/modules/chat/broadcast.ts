import {
  CHAT_ACTION_EVENTS,
  chatRoomStatus,
  type ChatAdminAction,
  type ChatMessage,
  type MessageSeenEvent,
  type RoomStatusEvent,
} from '@cutroom/contracts';
import { userChannel, type AppIo } from '../../plugins/realtime';
import type { RoomMembers, RoomRow } from './serialize';

/** The Socket.IO room of a chat room: its members' open screens (after joinRoom) and observing admins. */
export const roomChannel = (roomId: string) => `chat:${roomId}`;

/**
 * Who hears about a room: whoever joined it, plus both members on every tab (their room lists update even
 * while another room is open). A socket in several of these rooms still receives each event once.
 */
const audience = (io: AppIo, room: RoomMembers) =>
  io.to([roomChannel(room.id), userChannel(room.creatorId), userChannel(room.editorId)]);

export function broadcastNewMessage(io: AppIo, room: RoomMembers, message: ChatMessage): void {
  audience(io, room).emit('newMessage', message);
}

export function broadcastSeen(io: AppIo, room: RoomRow, events: MessageSeenEvent[]): void {
  for (const event of events) audience(io, room).emit('messageSeen', event);
}

export function statusEvent(room: RoomRow): RoomStatusEvent {
  return { roomId: room.id, isFrozen: room.isFrozen, isEnded: room.isEnded, status: chatRoomStatus(room) };
}

/** chatFrozen, chatUnfrozen, chatEnded or chatReopened, to every open screen of the room. */
export function broadcastStatus(io: AppIo, room: RoomRow, action: ChatAdminAction): RoomStatusEvent {
  const event = statusEvent(room);
  audience(io, room).emit(CHAT_ACTION_EVENTS[action], event);
  return event;
}
