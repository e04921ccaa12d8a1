import type { Delivery } from '@cutroom/contracts/delivery';
import { Badge } from '../../../components/ui/badge';
import { orderPlanLabel } from '../../orders';
import type { statusOf } from '../utils/delivery-status';

/** What was delivered for which order, with the editor's note and the creator's requested changes. */
export function DeliveryDetails(props: {
  delivery: Delivery;
  status: ReturnType<typeof statusOf>;
  /** The card does not fold, so its number, plan and status head it here. */
  heading: boolean;
}) {
  const { delivery: d, status, heading } = props;
  return (
    <>
      {heading && (
        <header className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <h3 className="font-bold text-slate-900">Delivery #{d.number}</h3>
            <Badge tone="grey">{orderPlanLabel(d.tier)}</Badge>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </header>
      )}
      <p className="text-sm break-words text-slate-600" data-testid="delivery-order">
        For <span className="font-mono text-xs text-slate-500">{d.order.reference}</span> {d.order.title}
      </p>

      {d.note && (
        <p className="text-sm whitespace-pre-wrap text-slate-700">
          <span className="font-semibold">Editor's note: </span>
          {d.note}
        </p>
      )}
      {d.changesNote && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-900">
          <span className="font-semibold">Changes requested: </span>
          {d.changesNote}
        </p>
      )}
    </>
  );
}
