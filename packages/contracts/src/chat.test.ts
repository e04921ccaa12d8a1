import { describe, expect, it } from 'vitest';
import {
  allowedChatActions,
  applyChatAction,
  canApplyChatAction,
  chatRoomClosedReason,
  chatRoomStatus,
  sendMessagePayloadSchema,
  sendMessageInputSchema,
} from './chat';

const room = (isFrozen: boolean, isEnded: boolean) => ({ isFrozen, isEnded });

describe('chat room status', () => {
  it.each([
    [room(false, false), 'Active', ['freeze', 'end']],
    [room(true, false), 'Frozen', ['unfreeze', 'end']],
    [room(false, true), 'Ended', ['unend']],
    [room(true, true), 'Ended', ['unend']],
  ] as const)('%j is %s and allows %j', (flags, status, actions) => {
    expect(chatRoomStatus(flags)).toBe(status);
    expect(allowedChatActions(flags)).toEqual(actions);
  });

  it('refuses what SPEC.md §4 does not allow', () => {
    expect(canApplyChatAction(room(true, false), 'freeze')).toBe(false);
    expect(canApplyChatAction(room(true, true), 'unfreeze')).toBe(false);
    expect(canApplyChatAction(room(false, true), 'end')).toBe(false);
    expect(canApplyChatAction(room(false, false), 'unend')).toBe(false);
  });

  it('reopening a room that was frozen before it ended leaves it frozen', () => {
    const reopened = applyChatAction(
      applyChatAction(applyChatAction(room(false, false), 'freeze'), 'end'),
      'unend',
    );
    expect(chatRoomStatus(reopened)).toBe('Frozen');
  });

  it('names why a room takes no messages', () => {
    expect(chatRoomClosedReason(room(false, false))).toBeNull();
    expect(chatRoomClosedReason(room(true, false))).toBe('Chat frozen by admin.');
    expect(chatRoomClosedReason(room(true, true))).toBe('Chat ended by admin.');
  });
});

describe('message input', () => {
  const roomId = '6f1c8a52-3f7e-4b8e-9d7a-2a4b5c6d7e8f';
  it('trims content and refuses empty or whitespace-only text', () => {
    expect(sendMessageInputSchema.parse({ chatRoomId: roomId, content: '  hi  ' }).content).toBe('hi');
    const empty = sendMessageInputSchema.safeParse({ chatRoomId: roomId, content: ' \n\t ' });
    expect(empty.error?.issues[0]?.message).toBe('Message cannot be empty');
  });

  it('refuses a message longer than 2000 characters and a malformed client id', () => {
    expect(sendMessageInputSchema.safeParse({ chatRoomId: roomId, content: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(
      sendMessagePayloadSchema.safeParse({ chatRoom: roomId, content: 'hi', clientId: '<script>' }).success,
    ).toBe(false);
  });
});
