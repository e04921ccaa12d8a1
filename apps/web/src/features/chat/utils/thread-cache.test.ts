import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@cutroom/contracts/chat';
import { mergeMessages } from './thread-cache';

const msg = (id: string, sentAt: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  clientId: `c-${id}`,
  chatRoom: 'r',
  sender: { _id: 'u', role: 'creator' },
  content: id,
  kind: 'text',
  data: null,
  sentAt,
  read: false,
  readAt: null,
  ...extra,
});

describe('merging messages into a thread', () => {
  it('shows each message once whichever way it arrived, in the order sent', () => {
    const a = msg('a', '2025-09-04T10:00:00.000Z');
    const b = msg('b', '2025-09-04T10:00:01.000Z');
    const c = msg('c', '2025-09-04T10:00:02.000Z');
    const afterAck = mergeMessages([a], [c]);
    const afterEvent = mergeMessages(afterAck, [c, b]);
    const afterCatchUp = mergeMessages(afterEvent, [b, c]);
    expect(afterCatchUp.map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('takes the newer state of a message (read receipts)', () => {
    const a = msg('a', '2025-09-04T10:00:00.000Z');
    const merged = mergeMessages([a], [{ ...a, read: true, readAt: '2025-09-04T10:01:00.000Z' }]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.read).toBe(true);
  });
});
