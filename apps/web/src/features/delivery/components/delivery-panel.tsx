import { useState } from 'react';
import { ChevronDown, PackageCheck, Upload } from 'lucide-react';
import type { Socket } from 'socket.io-client';
import { chatRoomClosedReason, type ChatRoom } from '@cutroom/contracts/chat';
import { DELIVERY_TEXTS } from '@cutroom/contracts/delivery';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { User } from '@cutroom/contracts/roles';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { usePanelOpen } from '../../../lib/use-panel-open';
import { DeliveryCard } from './delivery-card';
import { SendDeliveryModal } from './send-delivery-modal';
import { useDeliveries } from '../hooks/use-deliveries';

/**
 * Open until the member folds or unfolds it: the newest delivery, and one that waits for the creator's
 * decision (ready for review) wherever it is. Older ones are a line each, so three or four cuts of one
 * order do not push the conversation away.
 */
function openByDefault(d: Delivery, newest: Delivery | undefined, side: 'creator' | 'editor') {
  return d._id === newest?._id || (side === 'creator' && d.status === 'sent' && d.preview.status === 'ready');
}

/**
 * Deliveries of the open chat room, above its messages: the editor's 'Send delivery', and a card per
 * delivery (newest first) for both sides, the older ones folded to a line. Collapsible, so the
 * conversation keeps its room on a phone; the message pane bounds the height of its panels together.
 */
export function DeliveryPanel(props: { room: ChatRoom; me: User; socket: Socket<any, any> | null }) {
  const { room, me } = props;
  const side = me._id === room.editor._id ? 'editor' : 'creator';
  const deliveries = useDeliveries(room._id, props.socket);
  const list = deliveries.data?.data ?? [];
  // A delivery ready for the creator's review is what a phone should not hide.
  const [open, toggle] = usePanelOpen(
    side === 'creator' && list.some((d) => d.status === 'sent' && d.preview.status === 'ready'),
  );
  const [sending, setSending] = useState(false);
  // Cards the member folded or unfolded themselves; the others follow openByDefault.
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const closed = chatRoomClosedReason(room) !== null;
  const panelId = `deliveries-${room._id}`;

  return (
    <section className="border-b border-slate-200 bg-slate-50/70" aria-label="Deliveries">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-1.5">
        <button
          type="button"
          className="flex min-w-0 items-center gap-2 rounded-md text-sm font-semibold text-slate-800"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          <PackageCheck className="size-4 text-brand-600" aria-hidden />
          Deliveries{list.length ? ` (${list.length})` : ''}
          <ChevronDown
            className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
        {side === 'editor' && (
          <Button size="sm" onClick={() => setSending(true)} disabled={closed}>
            <Upload className="size-4" aria-hidden /> {DELIVERY_TEXTS.send}
          </Button>
        )}
      </div>

      <div id={panelId} hidden={!open} className="space-y-2 px-4 pb-3">
        {deliveries.isPending ? (
          <p className="py-2 text-sm text-slate-500" role="status">
            Loading deliveries...
          </p>
        ) : deliveries.isError ? (
          <p role="alert" className="py-2 text-sm text-red-700">
            Failed to load deliveries.{' '}
            <button type="button" className="font-semibold underline" onClick={() => deliveries.refetch()}>
              Try Again
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="py-2 text-sm text-slate-500">
            {DELIVERY_TEXTS.noDeliveries}.{' '}
            {side === 'editor'
              ? 'Send a video or image: the creator sees a watermarked preview.'
              : 'The editor delivers here; you approve a watermarked preview before paying.'}
          </p>
        ) : (
          list.map((d) => {
            const expanded = chosen[d._id] ?? openByDefault(d, list[0], side);
            return (
              <DeliveryCard
                key={d._id}
                delivery={d}
                side={side}
                roomId={room._id}
                editorName={room.editor.username}
                closed={closed}
                expanded={expanded}
                onToggle={() => setChosen((c) => ({ ...c, [d._id]: !expanded }))}
              />
            );
          })
        )}
      </div>

      {sending && <SendDeliveryModal open={sending} onOpenChange={setSending} roomId={room._id} />}
    </section>
  );
}
