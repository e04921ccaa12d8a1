import type { Delivery } from '@cutroom/contracts/delivery';
import { postFormWithProgress } from '../../../lib/upload';

/** POST /api/chat/{roomId}/deliveries with upload progress (0–1); `signal` cancels the upload. */
export const sendDelivery = (
  roomId: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Delivery> =>
  postFormWithProgress<Delivery>(`/chat/${encodeURIComponent(roomId)}/deliveries`, form, onProgress, signal);
