import { MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useOpenChat } from '../hooks/use-open-chat';

/**
 * 'Start Chat with Editor' (portfolio card and page; SPEC.md §2, §5). Creators get the pair's room and go
 * to /chat?roomId=…; anyone else is told that only creators can start a chat (see useOpenChat). Rendered
 * on public pages: it imports no realtime code.
 */
export function StartChatButton({ editorId, className }: { editorId: string; className?: string }) {
  const chat = useOpenChat(editorId);
  return (
    <Button
      variant="secondary"
      className={className}
      data-editor-id={editorId}
      disabled={chat.disabled}
      onClick={() => void chat.open()}
    >
      <MessageSquare className="size-4" aria-hidden />
      {chat.starting ? 'Starting chat...' : 'Start Chat with Editor'}
    </Button>
  );
}
