import { MessageSquarePlus } from 'lucide-react';
import { ORDER_TEXTS } from '@cutroom/contracts/orders';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { useOpenChat } from '../hooks/use-open-chat';

/**
 * 'Ask for an offer' on a tier whose price is a range: Pay Now would name no price, so the creator goes
 * to the chat with the editor, where the request form opens for this tier and the editor answers with an
 * offer at an exact price (the chat's own 'Ask for an offer').
 */
export function AskOfferButton({ editorId, tier }: { editorId: string; tier: TierTitle }) {
  const chat = useOpenChat(editorId);
  return (
    <Button
      className="w-full sm:w-auto"
      disabled={chat.disabled}
      aria-busy={chat.starting}
      onClick={() => void chat.open(tier)}
    >
      <MessageSquarePlus className="size-4" aria-hidden />
      {chat.starting ? 'Opening chat...' : ORDER_TEXTS.requestOffer}
    </Button>
  );
}
