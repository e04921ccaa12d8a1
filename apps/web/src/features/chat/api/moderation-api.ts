import type { ModerationAction, ModerationFlag, ModerationPage } from '@cutroom/contracts/moderation';
import { api } from '../../../lib/api';

export type QueueView = 'open' | 'resolved';

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queue: (view: QueueView) => ['admin', 'moderation', view] as const,
};

/** GET /api/admin/moderation-flags: newest first; `cursor` is the last flag of the previous page. */
export function fetchModerationFlags(view: QueueView, cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ status: view });
  if (cursor) query.set('cursor', cursor);
  return api.get<ModerationPage>(`/admin/moderation-flags?${query}`, { signal });
}

/** POST /api/admin/moderation-flags/{id}/{dismiss | remove-message | freeze-room}. */
export const actOnFlag = (id: string, action: ModerationAction) =>
  api.post<{ message: string; data: ModerationFlag }>(`/admin/moderation-flags/${id}/${action}`);
