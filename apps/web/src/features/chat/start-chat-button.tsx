import { Button } from '../../components/ui/button';

/**
 * 'Start Chat with Editor' (portfolio card and page). Placeholder until the chat feature lands:
 * the chat feature owns this file and its behaviour (creators only, initiate, navigate to the room).
 */
export function StartChatButton({ editorId, className }: { editorId: string; className?: string }) {
  return (
    <Button variant="secondary" className={className} data-editor-id={editorId} disabled>
      Start Chat with Editor
    </Button>
  );
}
