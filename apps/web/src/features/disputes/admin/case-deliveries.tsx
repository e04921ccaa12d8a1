import { ExternalLink } from 'lucide-react';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { deliveryStatusOf, useDeliveriesQuery } from '../../delivery';

/** The order's deliveries, newest first, with their notes and previews; cited ones marked. */
export function CaseDeliveries(props: { roomId: string; orderId: string; evidence: DisputeEvidence[] }) {
  const deliveries = useDeliveriesQuery(props.roomId);
  const cuts = (deliveries.data?.data ?? []).filter((d) => d.order._id === props.orderId);
  const cited = (id: string) => [
    ...new Set(props.evidence.filter((e) => e.deliveryId === id).map((e) => e.side)),
  ];

  return (
    <Card className="space-y-3 p-5" data-testid="case-deliveries">
      <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">Deliveries</h2>
      {deliveries.isPending ? (
        <p className="text-sm text-slate-500">Loading deliveries...</p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load deliveries.
        </p>
      ) : cuts.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing was delivered for this order.</p>
      ) : (
        <ul className="space-y-2">
          {cuts.map((d) => {
            const by = cited(d._id);
            return (
              <li
                key={d._id}
                data-cited={by.length ? 'true' : undefined}
                className={cn(
                  'space-y-1 rounded-lg p-3 text-sm',
                  by.length ? 'bg-amber-50 ring-2 ring-amber-400' : 'bg-slate-50',
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">
                    Delivery #{d.number} ({d.kind})
                  </span>
                  <Badge tone={deliveryStatusOf(d, 'editor').tone}>
                    {deliveryStatusOf(d, 'editor').label}
                  </Badge>
                  {by.length > 0 && (
                    <Badge tone="amber">Cited by {by.length === 2 ? 'both' : `the ${by[0]}`}</Badge>
                  )}
                </div>
                <p className="text-xs text-slate-500">Sent {formatDateTime(d.createdAt)}</p>
                {d.note && <p className="break-words whitespace-pre-wrap text-slate-800">Note: {d.note}</p>}
                {d.changesNote && (
                  <p className="break-words whitespace-pre-wrap text-slate-800">
                    Changes asked: {d.changesNote}
                  </p>
                )}
                {d.preview.url && (
                  <a
                    href={d.preview.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!"
                  >
                    Open the preview <ExternalLink className="size-3.5" aria-hidden />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
