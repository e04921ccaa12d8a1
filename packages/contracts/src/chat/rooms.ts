/** Room status and the admin's moderation actions (SPEC.md §4). */
import { z } from 'zod';
import { CHAT_MESSAGES } from './messages';

export const CHAT_ROOM_STATUSES = ['Active', 'Frozen', 'Ended'] as const;
export type ChatRoomStatus = (typeof CHAT_ROOM_STATUSES)[number];

export interface ChatRoomFlags {
  isFrozen: boolean;
  isEnded: boolean;
}

/** Ended if isEnded (takes precedence), else Frozen if isFrozen, else Active. */
export function chatRoomStatus(room: ChatRoomFlags): ChatRoomStatus {
  if (room.isEnded) return 'Ended';
  if (room.isFrozen) return 'Frozen';
  return 'Active';
}

/** The admin actions, named as their REST paths are (`PATCH /api/admin/chat/{id}/{action}`). */
export const CHAT_ADMIN_ACTIONS = ['freeze', 'unfreeze', 'end', 'unend'] as const;
export type ChatAdminAction = (typeof CHAT_ADMIN_ACTIONS)[number];
export const chatAdminActionSchema = z.enum(CHAT_ADMIN_ACTIONS);

/** Button labels (SPEC.md §2: Freeze, Unfreeze, End, Reopen). */
export const CHAT_ADMIN_ACTION_LABELS: Record<ChatAdminAction, string> = {
  freeze: 'Freeze',
  unfreeze: 'Unfreeze',
  end: 'End',
  unend: 'Reopen',
};

/** SPEC.md §8: each action shows a failure toast. */
export const CHAT_ADMIN_ACTION_FAILED: Record<ChatAdminAction, string> = {
  freeze: 'Failed to freeze chat room.',
  unfreeze: 'Failed to unfreeze chat room.',
  end: 'Failed to end chat room.',
  unend: 'Failed to reopen chat room.',
};

export const CHAT_ADMIN_ACTION_DONE: Record<ChatAdminAction, string> = {
  freeze: 'Chat room frozen.',
  unfreeze: 'Chat room unfrozen.',
  end: 'Chat room ended.',
  unend: 'Chat room reopened.',
};

/**
 * Whether SPEC.md §4 allows the action: freeze only an Active room; unfreeze a Frozen, non-ended room;
 * end any non-ended room; reopen (unend) an Ended room.
 */
export function canApplyChatAction(room: ChatRoomFlags, action: ChatAdminAction): boolean {
  switch (action) {
    case 'freeze':
      return !room.isFrozen && !room.isEnded;
    case 'unfreeze':
      return room.isFrozen && !room.isEnded;
    case 'end':
      return !room.isEnded;
    case 'unend':
      return room.isEnded;
  }
}

export const allowedChatActions = (room: ChatRoomFlags): ChatAdminAction[] =>
  CHAT_ADMIN_ACTIONS.filter((a) => canApplyChatAction(room, a));

/** Why an action is refused, for the 409 reply. */
export function chatActionRefusal(room: ChatRoomFlags, action: ChatAdminAction): string {
  if (action === 'unend') return 'This chat has not ended';
  if (room.isEnded) return 'This chat has ended';
  if (action === 'freeze') return 'This chat is already frozen';
  return 'This chat is not frozen';
}

/** The room-level effect of an action. */
export function applyChatAction(room: ChatRoomFlags, action: ChatAdminAction): ChatRoomFlags {
  switch (action) {
    case 'freeze':
      return { ...room, isFrozen: true };
    case 'unfreeze':
      return { ...room, isFrozen: false };
    case 'end':
      return { ...room, isEnded: true };
    case 'unend':
      return { ...room, isEnded: false };
  }
}

/** Why a member cannot write, or null when the room takes messages. */
export function chatRoomClosedReason(room: ChatRoomFlags): string | null {
  if (room.isEnded) return CHAT_MESSAGES.endedBanner;
  if (room.isFrozen) return CHAT_MESSAGES.frozenBanner;
  return null;
}
