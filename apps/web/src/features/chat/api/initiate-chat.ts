import type { ChatRoom } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';

/** POST /api/chat/initiate: the creator's one room with that editor (created on the first call). */
export const initiateChat = (editorId: string) =>
  api.post<{ roomId: string; data: ChatRoom }>('/chat/initiate', { editorId });
