import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { CHAT_MESSAGES } from '@cutroom/contracts/chat';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { withNext } from '../../../lib/auth/next-path';
import { useSession } from '../../../lib/auth/session';
import { getMyRoomsQueryKey, initiateChat } from '../../chat';

/**
 * 'Start Chat with Editor' (portfolio card and page; SPEC.md §2, §5). Creators get the pair's room and go
 * to /chat?roomId=…; anyone else is told that only creators can start a chat and goes to /login. A
 * visitor comes back to this page after logging in; someone signed in with another role would only be
 * bounced from /login, so they go without it. Rendered on public pages: it imports no realtime code.
 */
export function StartChatButton({ editorId, className }: { editorId: string; className?: string }) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    if (user?.role !== 'creator') {
      notify.error(CHAT_MESSAGES.creatorsOnly);
      navigate(user ? '/login' : withNext('/login', location.pathname + location.search));
      return;
    }
    setStarting(true);
    try {
      const { roomId } = await initiateChat(editorId);
      await qc.invalidateQueries({ queryKey: getMyRoomsQueryKey() });
      navigate(`/chat?roomId=${encodeURIComponent(roomId)}`);
    } catch {
      notify.error(CHAT_MESSAGES.startFailed);
      setStarting(false);
    }
  };

  return (
    <Button
      variant="secondary"
      className={className}
      data-editor-id={editorId}
      disabled={loading || starting}
      onClick={start}
    >
      <MessageSquare className="size-4" aria-hidden />
      {starting ? 'Starting chat...' : 'Start Chat with Editor'}
    </Button>
  );
}
