import { useEffect, useState, type ComponentType } from 'react';
import { ChevronDown, FilePlus2, MessageSquarePlus, ReceiptText } from 'lucide-react';
import type { Socket } from 'socket.io-client';
import { chatRoomClosedReason, type ChatMessage, type ChatRoom } from '@cutroom/contracts/chat';
import { OPEN_ORDER_STATUSES, ORDER_TEXTS, type Order, type OrderAction } from '@cutroom/contracts/orders';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import type { User } from '@cutroom/contracts/roles';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { usePanelOpen } from '../../../lib/use-panel-open';
import { OrderCard } from './order-card';
import type { OrderDisputeParts } from './order-dispute-parts';
import { RequestOfferModal } from './request-offer-modal';
import { SendOfferModal } from './send-offer-modal';
import { useRoomOrders } from '../hooks/use-room-orders';

/**
 * Steps that wait on the viewer; proposing a cancellation or a different amount, or asking for more time,
 * is always open and waits on nobody.
 */
const WAITING_ON_YOU: readonly OrderAction[] = [
  'accept',
  'pay',
  'deliver',
  'review',
  'accept_cancellation',
  'decline_cancellation',
  'accept_extra_revision',
  'accept_extension',
  'decline_extension',
  'accept_settlement',
  'decline_settlement',
];

/**
 * Under way, completed but still to be paid (the final file waits on it, the editor on the money: both
 * sides keep it in view), or completed and waiting for the creator's review (reviewableUntil is sent to
 * the creator only, while the 30-day window is open).
 */
const isCurrent = (o: Order) =>
  OPEN_ORDER_STATUSES.includes(o.status) ||
  (o.status === 'completed' &&
    ((!o.paid && o.refundedAmount === 0) || o.actions.includes('pay') || Boolean(o.reviewableUntil)));

const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt);

type Modal =
  | { kind: 'offer' }
  | { kind: 'request'; tier?: TierTitle }
  | { kind: 'deliver'; orderId: string }
  | { kind: 'dispute'; orderId: string }
  | null;

/** The form that sends a delivery for one of the room's orders (the delivery feature's). */
export type DeliveryFormComponent = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  orderId?: string;
}>;

/**
 * The room's orders above its messages: offers and orders under way as cards, past ones behind a toggle,
 * the editor's 'Send offer' and the creator's 'Ask for an offer'. Folds away so a phone keeps the chat.
 * The chat hands in the delivery form an order card's 'deliver' opens, and hears of the creator's
 * request for an offer (its line in the conversation).
 */
export function OrderPanel(props: {
  room: ChatRoom;
  me: User;
  socket: Socket<any, any> | null;
  DeliveryForm: DeliveryFormComponent;
  /** The disputes feature's form and notice on the cards; without it no card offers a dispute. */
  disputes?: OrderDisputeParts;
  onOfferRequested?: (line: ChatMessage) => void;
  /** A tier card's 'Ask for an offer': the creator's request form opens for that tier. */
  askOffer?: TierTitle | null;
  onAskOfferShown?: () => void;
}) {
  const { room, me, DeliveryForm, disputes } = props;
  const side = me._id === room.editor._id ? 'editor' : 'creator';
  const orders = useRoomOrders(room._id, props.socket);
  const all = [...(orders.data?.data ?? [])].sort(newestFirst);
  const current = all.filter(isCurrent);
  const past = all.filter((o) => !isCurrent(o));
  const waiting = current.filter((o) => o.actions.some((a) => WAITING_ON_YOU.includes(a))).length;
  const [open, toggle] = usePanelOpen(waiting > 0);
  const [showPast, setShowPast] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  const closed = chatRoomClosedReason(room) !== null;
  const panelId = `orders-${room._id}`;
  const pastId = `${panelId}-past`;
  const close = (o: boolean) => !o && setModal(null);
  const { askOffer, onAskOfferShown } = props;
  useEffect(() => {
    if (!askOffer) return;
    // Only the room's creator asks, and only while the room takes requests.
    if (side === 'creator' && !closed) setModal({ kind: 'request', tier: askOffer });
    onAskOfferShown?.();
  }, [askOffer, side, closed, onAskOfferShown]);
  const card = (o: Order) => (
    <OrderCard
      key={o._id}
      order={o}
      side={side}
      closed={closed}
      onDeliver={(orderId) => setModal({ kind: 'deliver', orderId })}
      disputes={
        disputes && {
          Notice: disputes.Notice,
          onOpen: (orderId) => setModal({ kind: 'dispute', orderId }),
        }
      }
    />
  );
  // The form stays open with what was typed even if the step goes meanwhile: the server then says why.
  const disputed = modal?.kind === 'dispute' ? all.find((o) => o._id === modal.orderId) : undefined;

  return (
    <section aria-label={ORDER_TEXTS.panelTitle} className="border-b border-slate-200 bg-slate-50/70">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-1.5">
        <button
          type="button"
          className="flex min-w-0 items-center gap-2 rounded-md text-sm font-semibold text-slate-800"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          <ReceiptText className="size-4 shrink-0 text-brand-600" aria-hidden />
          {ORDER_TEXTS.panelTitle}
          {current.length ? ` (${current.length})` : ''}
          <ChevronDown
            className={cn('size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
          {waiting > 0 && (
            // A phone has room for the number only; the words stay for screen readers.
            <Badge tone="amber">
              {waiting}
              <span className="sr-only sm:not-sr-only">&nbsp;{waiting === 1 ? 'needs' : 'need'} you</span>
            </Badge>
          )}
        </button>
        {side === 'editor' ? (
          <Button
            size="sm"
            className="shrink-0"
            onClick={() => setModal({ kind: 'offer' })}
            disabled={closed}
          >
            <FilePlus2 className="hidden size-4 sm:block" aria-hidden /> {ORDER_TEXTS.sendOffer}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0"
            onClick={() => setModal({ kind: 'request' })}
            disabled={closed}
          >
            <MessageSquarePlus className="hidden size-4 sm:block" aria-hidden /> {ORDER_TEXTS.requestOffer}
          </Button>
        )}
      </div>

      <div id={panelId} hidden={!open} className="space-y-3 px-4 pb-3">
        {orders.isPending ? (
          <p className="py-2 text-sm text-slate-500" role="status">
            Loading orders...
          </p>
        ) : orders.isError && !orders.data ? (
          <p role="alert" className="py-2 text-sm text-red-700">
            Failed to load orders.{' '}
            <button type="button" className="font-semibold underline" onClick={() => orders.refetch()}>
              Try Again
            </button>
          </p>
        ) : all.length === 0 ? (
          <p className="py-2 text-sm text-slate-500">
            {ORDER_TEXTS.noOrders}.{' '}
            {side === 'editor'
              ? 'Agree on the work here, then send an offer: price, delivery time and revisions.'
              : 'Ask the editor for an offer: you pay only for an order you accept.'}
          </p>
        ) : (
          <>
            {current.length === 0 && <p className="py-1 text-sm text-slate-500">No orders under way.</p>}
            {current.map(card)}
            {past.length > 0 && (
              <div className="space-y-3">
                <button
                  type="button"
                  className="text-sm font-semibold text-brand-700 hover:underline"
                  aria-expanded={showPast}
                  aria-controls={pastId}
                  onClick={() => setShowPast((s) => !s)}
                >
                  {showPast ? 'Hide past orders' : `Show past orders (${past.length})`}
                </button>
                <div id={pastId} hidden={!showPast} className="space-y-3">
                  {showPast && past.map(card)}
                </div>
              </div>
            )}
          </>
        )}
      </div>

      {modal?.kind === 'offer' && <SendOfferModal open onOpenChange={close} roomId={room._id} />}
      {modal?.kind === 'request' && (
        <RequestOfferModal
          open
          onOpenChange={close}
          roomId={room._id}
          tier={modal.tier}
          onSent={props.onOfferRequested}
        />
      )}
      {modal?.kind === 'deliver' && (
        <DeliveryForm open onOpenChange={close} roomId={room._id} orderId={modal.orderId} />
      )}
      {disputes && disputed && <disputes.OpenForm order={disputed} side={side} onOpenChange={close} />}
    </section>
  );
}
