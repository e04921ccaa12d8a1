import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGES } from '@cutroom/contracts/chat';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { withNext } from '../../../lib/auth/next-path';
import { useSession } from '../../../lib/auth/session';
import { chatRoomPath, getMyRoomsQueryKey, initiateChat } from '../../chat';

/**
 * Takes a creator to their room with the editor (created on the first visit), and, given a tier, opens
 * the room's 'Ask for an offer' form for it. Anyone else is told that only creators can start a chat and
 * goes to /login: a visitor comes back to this page after logging in; someone signed in with another role
 * would only be bounced from /login, so they go without it.
 */
export function useOpenChat(editorId: string) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [starting, setStarting] = useState(false);

  const open = async (askOffer?: TierTitle) => {
    if (user?.role !== 'creator') {
      notify.error(CHAT_MESSAGES.creatorsOnly);
      navigate(user ? '/login' : withNext('/login', location.pathname + location.search));
      return;
    }
    setStarting(true);
    try {
      const { roomId } = await initiateChat(editorId);
      await qc.invalidateQueries({ queryKey: getMyRoomsQueryKey() });
      navigate(chatRoomPath(roomId, askOffer));
    } catch {
      notify.error(CHAT_MESSAGES.startFailed);
      setStarting(false);
    }
  };

  return { open, starting, disabled: loading || starting };
}
