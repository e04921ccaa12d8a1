import { useState } from 'react';
import { MessageSquareQuote } from 'lucide-react';
import { z } from 'zod';
import { chatRoomClosedReason, type ChatMessage, type ChatRoom } from '@cutroom/contracts/chat';
import { ORDER_TEXTS } from '@cutroom/contracts/orders';
import { tierTitleSchema } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { orderPlanLabel } from '../utils/format';
import { SendOfferModal, type OfferPrefill } from './send-offer-modal';

const offerRequestSchema = z.object({ brief: z.string(), tier: tierTitleSchema.nullable().optional() });
export type OfferRequestData = z.infer<typeof offerRequestSchema>;

/** The creator's request for an offer carried by a system line (`data.offerRequest`), or null. */
export function offerRequestOf(message: Pick<ChatMessage, 'data'>): OfferRequestData | null {
  const parsed = offerRequestSchema.safeParse(message.data?.offerRequest);
  return parsed.success ? parsed.data : null;
}

/**
 * A creator's request for an offer, in the conversation where it was made. The room's editor answers it
 * with 'Send offer', starting from the brief and the tier asked for.
 */
export function OfferRequestLine(props: {
  request: OfferRequestData;
  room: ChatRoom;
  /** The member looking, or null for an admin observing. */
  viewerId: string | null;
}) {
  const { request, room } = props;
  const [open, setOpen] = useState(false);
  const isEditor = props.viewerId !== null && props.viewerId === room.editor._id;
  const closed = chatRoomClosedReason(room) !== null;
  const prefill: OfferPrefill = { description: request.brief, tier: request.tier ?? null };

  return (
    <div className="flex justify-center" data-testid="offer-request">
      <div className="w-full max-w-md space-y-2 rounded-2xl bg-white p-3 text-sm shadow-sm ring-1 ring-brand-200">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <MessageSquareQuote className="size-4 shrink-0 text-brand-600" aria-hidden />
          The creator asked for an offer
          {request.tier && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {orderPlanLabel(request.tier)}
            </span>
          )}
        </p>
        <p className="line-clamp-6 break-words whitespace-pre-wrap text-slate-700">{request.brief}</p>
        {isEditor && (
          <Button size="sm" onClick={() => setOpen(true)} disabled={closed}>
            {ORDER_TEXTS.sendOffer}
          </Button>
        )}
      </div>
      {open && <SendOfferModal open={open} onOpenChange={setOpen} roomId={room._id} prefill={prefill} />}
    </div>
  );
}
