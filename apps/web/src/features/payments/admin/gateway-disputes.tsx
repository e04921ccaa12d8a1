import { GATEWAY_DISPUTE_OUTCOME_LABELS, type GatewayDispute } from '@cutroom/contracts';
import { formatRupees } from '@cutroom/contracts/price';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { useGatewayDisputes } from '../api/get-gateway-disputes';

const TONE: Record<GatewayDispute['outcome'], BadgeTone> = { open: 'amber', won: 'green', lost: 'red' };
const words = (s: string) => s.toLowerCase().replaceAll('_', ' ');

/**
 * The gateway's disputes and chargebacks of an order, on the admin's order page: nothing shows until the
 * gateway has reported one (they are rare, and an empty card would only add noise).
 */
export function GatewayDisputes({ orderId }: { orderId: string }) {
  const disputes = useGatewayDisputes(orderId);
  const items = disputes.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">Gateway disputes</h2>
      <ul className="divide-y divide-slate-100">
        {items.map((d) => (
          <li key={d.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900 capitalize">{words(d.type)}</span>
              <span className="text-slate-700">{formatRupees(d.amount)}</span>
              <Badge tone={TONE[d.outcome]}>{GATEWAY_DISPUTE_OUTCOME_LABELS[d.outcome]}</Badge>
            </div>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">Reason</dt>
              <dd className="break-words text-slate-800">
                {d.reason ?? '—'}
                {d.reasonCode && <span className="text-slate-500"> (code {d.reasonCode})</span>}
              </dd>
              <dt className="text-slate-500">Status</dt>
              <dd className="break-words text-slate-800">
                {words(d.status)}
                <span className="text-slate-500"> · gateway id {d.cfDisputeId}</span>
              </dd>
              {d.outcome === 'open' && d.respondBy && (
                <>
                  <dt className="text-slate-500">Respond by</dt>
                  <dd className="font-medium text-amber-800">{formatDateTime(d.respondBy)}</dd>
                </>
              )}
              {d.remarks && (
                <>
                  <dt className="text-slate-500">Gateway’s remarks</dt>
                  <dd className="break-words text-slate-800">{d.remarks}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}
