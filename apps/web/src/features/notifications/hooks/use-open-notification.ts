import { useCallback } from 'react';
import { useNavigate } from 'react-router';
// Types only: the navbar loads this module on every page, and the contracts' runtime brings zod along.
import type { AppNotification } from '@cutroom/contracts/notifications';
import { useMarkRead } from '../api/mark-notification-read';
import { safeLink } from '../utils/group';

/** Opening a line (in the bell, a toast or a desktop notification): it is read, and its page opens. */
export function useOpenNotification(): (line: AppNotification) => void {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkRead();
  return useCallback(
    (line: AppNotification) => {
      if (!line.read) markRead(line._id);
      const to = safeLink(line.link);
      if (to) void navigate(to);
    },
    [navigate, markRead],
  );
}
