import { sql } from 'drizzle-orm';
import { LAST_MESSAGE_PREVIEW_LENGTH, type Role } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms, sessions, users } from '../../db/schema';
import type { MessageRow, RoomRow } from './serialize';

interface Writer {
  id: string;
  role: Role;
  /** When given, the write counts only while this session is live and its user not deleted. */
  sessionId?: string;
}

interface Row {
  id: string;
  seq: string | number | bigint;
  chat_room_id: string;
  sender_id: string;
  sender_role: Role;
  client_id: string;
  kind: string;
  content: string;
  sent_at: Date | string;
  creator_id: string;
  editor_id: string;
}

/**
 * A member's message in one statement, for the common case where everything is in order: the room exists,
 * the writer is its creator or editor, it is neither frozen nor ended, the other member still exists, the
 * writer's session is live and the client id is new. The room row is updated first (its preview, and its
 * row lock, so a freeze landing meanwhile is never overtaken), and the message is inserted only if that
 * update matched.
 *
 * Returns null when any condition fails: the caller then checks each one to say why (or returns the first
 * copy of a retried send). One round trip instead of six is what lets one instance carry hundreds of
 * messages a second (docs/performance.md).
 */
export async function storeMessageInOneTrip(
  db: Db,
  writer: Writer,
  input: { roomId: string; content: string; clientId: string },
): Promise<{ message: MessageRow; room: Pick<RoomRow, 'id' | 'creatorId' | 'editorId'> } | null> {
  const sessionIsLive = writer.sessionId
    ? sql`and exists (
        select 1 from ${sessions} s join ${users} u on u.id = s.user_id
        where s.id = ${writer.sessionId} and s.expires_at > now() and u.deleted_at is null)`
    : sql``;
  const result = await db.execute(sql`
    with open_room as (
      update ${chatRooms} r set
        last_message_text = ${input.content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH)},
        last_message_at = now(), last_message_sender_id = ${writer.id},
        last_activity_at = now(), updated_at = now()
      where r.id = ${input.roomId}
        and ${writer.id} in (r.creator_id, r.editor_id)
        and not r.is_frozen and not r.is_ended
        and not exists (
          select 1 from ${users} other
          where other.id = case when r.creator_id = ${writer.id} then r.editor_id else r.creator_id end
            and other.deleted_at is not null)
        and not exists (
          select 1 from ${chatMessages} m where m.chat_room_id = r.id and m.client_id = ${input.clientId})
        ${sessionIsLive}
      returning r.id, r.creator_id, r.editor_id
    ), stored as (
      insert into ${chatMessages} (chat_room_id, sender_id, sender_role, client_id, kind, content)
      select id, ${writer.id}, ${writer.role}, ${input.clientId}, 'text', ${input.content} from open_room
      on conflict (chat_room_id, client_id) do nothing
      returning id, seq, chat_room_id, sender_id, sender_role, client_id, kind, content, sent_at
    )
    select stored.*, open_room.creator_id, open_room.editor_id from stored, open_room`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    message: {
      id: row.id,
      seq: Number(row.seq),
      chatRoomId: row.chat_room_id,
      senderId: row.sender_id,
      senderRole: row.sender_role,
      clientId: row.client_id,
      kind: row.kind,
      content: row.content,
      data: null,
      read: false,
      readAt: null,
      sentAt: new Date(row.sent_at),
    },
    room: { id: row.chat_room_id, creatorId: row.creator_id, editorId: row.editor_id },
  };
}
