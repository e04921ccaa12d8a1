import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LAST_MESSAGE_PREVIEW_LENGTH, type Role } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms, sessions, users } from '../../db/schema';
import type { MessageRow, RoomMembers } from './serialize';

export interface MessageWriterIdentity {
  id: string;
  role: Role;
  /** When given, the message counts only while this session is live and its user not deleted. */
  sessionId?: string;
}

export interface WrittenMessage {
  message: MessageRow;
  room: RoomMembers;
}

interface Pending {
  writer: MessageWriterIdentity;
  input: { roomId: string; content: string; clientId: string };
  resolve(result: WrittenMessage | null): void;
  onError(err: unknown, messages: number): void;
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

/** Statements in flight at once; what arrives meanwhile waits and goes in the next one. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 200;

/**
 * Writes members' messages for the common case where everything is in order: the room exists, the writer
 * is its creator or editor, it is neither frozen nor ended, the other member still exists, the writer's
 * session is live and the client id is new. A message that fails any of these is answered `null`, and the
 * caller checks each rule on its own to say why (or to return the first copy of a retried send).
 *
 * Messages read in the same turn of the event loop, or while a statement is running, are written together
 * by the next statement: at low traffic a statement carries one message and waits for nothing; under load
 * it carries dozens, so the database does one round trip, one plan and one commit for all of them
 * (docs/performance.md).
 *
 * The rooms are locked (in id order, so two statements never deadlock) before they are checked, so a
 * freeze that lands meanwhile is never overtaken by a message; each room's preview is its newest message.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(private readonly db: Db) {}

  write(
    writer: MessageWriterIdentity,
    input: Pending['input'],
    onError: Pending['onError'] = () => {},
  ): Promise<WrittenMessage | null> {
    // What the statement could not take would fail it for every message it carries: such a message is
    // answered null at once, and the caller's own checks say why.
    if (!writable(writer, input)) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.queue.push({ writer, input, resolve, onError });
      this.schedulePump();
    });
  }

  /**
   * Writes what is queued once the event loop has read every message that arrived with this one
   * (setImmediate runs after the poll phase). Starting at once would give each message its own statement
   * whenever the database answers within one turn of the loop, as PGlite, running in this thread, always does.
   */
  private schedulePump(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight += 1;
      void this.writeBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.schedulePump();
      });
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    let rows: Row[] = [];
    try {
      rows = await this.run(batch);
    } catch (err) {
      batch[0]!.onError(err, batch.length);
      // Each message then takes the careful path on its own, which reports any real failure.
    }
    const byKey = new Map(rows.map((r) => [`${r.chat_room_id}|${r.client_id}`, r]));
    for (const p of batch) {
      const key = `${p.input.roomId}|${p.input.clientId}`;
      const row = byKey.get(key);
      // Two sends with one client id in one batch: the first is the stored one, the other a retry.
      byKey.delete(key);
      p.resolve(row && row.sender_id === p.writer.id ? toWritten(row) : null);
    }
  }

  private async run(batch: Pending[]): Promise<Row[]> {
    const input = JSON.stringify(
      batch.map((p, ord) => ({
        ord,
        room_id: p.input.roomId,
        writer_id: p.writer.id,
        writer_role: p.writer.role,
        session_id: p.writer.sessionId ?? null,
        client_id: p.input.clientId,
        content: p.input.content,
      })),
    );
    const result = await this.db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as i(
          ord int, room_id uuid, writer_id uuid, writer_role text, session_id uuid, client_id text, content text)
      ), rooms as (
        select r.id, r.creator_id, r.editor_id from ${chatRooms} r
        where r.id in (select room_id from input) and not r.is_frozen and not r.is_ended
        order by r.id
        for update
      ), accepted as (
        select i.* from input i join rooms r on r.id = i.room_id
        where i.writer_id in (r.creator_id, r.editor_id)
          and not exists (
            select 1 from ${users} other
            where other.id = case when r.creator_id = i.writer_id then r.editor_id else r.creator_id end
              and other.deleted_at is not null)
          and not exists (
            select 1 from ${chatMessages} m where m.chat_room_id = i.room_id and m.client_id = i.client_id)
          and (i.session_id is null or exists (
            select 1 from ${sessions} s join ${users} u on u.id = s.user_id
            where s.id = i.session_id and s.expires_at > now() and u.deleted_at is null))
      ), stored as (
        insert into ${chatMessages} (chat_room_id, sender_id, sender_role, client_id, kind, content)
        select room_id, writer_id, writer_role::user_role, client_id, 'text', content from accepted order by ord
        on conflict (chat_room_id, client_id) do nothing
        returning id, seq, chat_room_id, sender_id, sender_role, client_id, kind, content, sent_at
      ), newest as (
        select distinct on (chat_room_id) chat_room_id, sender_id, content
        from stored order by chat_room_id, seq desc
      ), previewed as (
        update ${chatRooms} r set
          last_message_text = left(n.content, ${LAST_MESSAGE_PREVIEW_LENGTH}),
          last_message_at = now(), last_message_sender_id = n.sender_id,
          last_activity_at = now(), updated_at = now(),
          -- The editor's response time (track record): the creator's first message, the editor's first after it.
          first_creator_message_at = coalesce(r.first_creator_message_at, n.creator_first),
          first_editor_reply_at = coalesce(r.first_editor_reply_at,
            case when coalesce(r.first_creator_message_at, n.creator_first) is not null then n.editor_first end)
        from (
          select newest.*,
            (select min(s.sent_at) from stored s join rooms rr on rr.id = s.chat_room_id
              where s.chat_room_id = newest.chat_room_id and s.sender_id = rr.creator_id) as creator_first,
            (select min(s.sent_at) from stored s join rooms rr on rr.id = s.chat_room_id
              where s.chat_room_id = newest.chat_room_id and s.sender_id = rr.editor_id) as editor_first
          from newest
        ) n where r.id = n.chat_room_id
        returning r.id
      )
      select stored.*, rooms.creator_id, rooms.editor_id from stored join rooms on rooms.id = stored.chat_room_id`);
    return (result as unknown as { rows: Row[] }).rows;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Values the batched statement can cast and store: uuids where it wants them, and no NUL in text. */
function writable(writer: MessageWriterIdentity, input: Pending['input']): boolean {
  return (
    UUID.test(input.roomId) &&
    UUID.test(writer.id) &&
    (writer.sessionId === undefined || UUID.test(writer.sessionId)) &&
    !input.content.includes('\u0000') &&
    !input.clientId.includes('\u0000')
  );
}

function toWritten(row: Row): WrittenMessage {
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

/**
 * Writes one member's message with whatever else is being written at the moment; null when refused.
 * `onError` hears about a statement that failed as a whole (its messages then take the careful path).
 * The writer is the chat service's (one per server, made by the chat module's plugin).
 */
export function writeMessage(
  app: FastifyInstance,
  writer: MessageWriterIdentity,
  input: Pending['input'],
  onError: (err: unknown, messages: number) => void = () => {},
): Promise<WrittenMessage | null> {
  return app.chat.writing.writer.write(writer, input, onError);
}
