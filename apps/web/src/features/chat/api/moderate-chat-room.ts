import { useMutation } from '@tanstack/react-query';
import type { ChatAdminAction, ChatRoom } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** PATCH /api/admin/chat/{roomId}/freeze|unfreeze|end|unend. */
export const moderateChatRoom = (roomId: string, action: ChatAdminAction) =>
  api.patch<{ message: string; data: ChatRoom }>(`/admin/chat/${roomId}/${action}`);

type Variables = { roomId: string; action: ChatAdminAction };

export const useModerateChatRoom = (
  config: MutationConfig<Awaited<ReturnType<typeof moderateChatRoom>>, Variables> = {},
) =>
  useMutation({ ...config, mutationFn: ({ roomId, action }: Variables) => moderateChatRoom(roomId, action) });
