import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/notify';
import { getMessages, getThreadQueryKey } from '../api/get-messages';
import { mergeMessages, type Thread } from '../utils/thread-cache';

/** Loads a room's newest page; a reload merges into what is loaded rather than replacing it. */
export function useThread(roomId: string, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: getThreadQueryKey(roomId),
    enabled,
    queryFn: async ({ signal }): Promise<Thread> => {
      const page = await getMessages(roomId, {}, signal);
      const loaded = qc.getQueryData<Thread>(getThreadQueryKey(roomId));
      return {
        messages: mergeMessages(loaded?.messages ?? [], page.data),
        hasOlder: loaded ? loaded.hasOlder : page.hasMore,
      };
    },
  });
}

export function useOlderMessages(roomId: string, thread: Thread | undefined) {
  const qc = useQueryClient();
  const [loading, setLoading] = useState(false);
  const load = async () => {
    const first = thread?.messages[0];
    if (!first || loading) return;
    setLoading(true);
    try {
      const page = await getMessages(roomId, { before: first._id });
      qc.setQueryData<Thread>(getThreadQueryKey(roomId), (t) =>
        t ? { messages: mergeMessages(t.messages, page.data), hasOlder: page.hasMore } : t,
      );
    } catch {
      notify.error('Failed to load older messages.');
    } finally {
      setLoading(false);
    }
  };
  return { load, loading };
}
