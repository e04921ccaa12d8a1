import type { ChatMessage } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';

/** POST /api/chat/message: the same service as the socket's sendMessage (the fallback when it is down). */
export const postMessage = (chatRoomId: string, content: string, clientId: string) =>
  api.post<{ data: ChatMessage }>('/chat/message', { chatRoomId, content, clientId });
