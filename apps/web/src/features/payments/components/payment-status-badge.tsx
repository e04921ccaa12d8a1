import { paymentStatusLabel } from '@cutroom/contracts/payments';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const paymentTones: Record<string, BadgeTone> = { SUCCESS: 'green', INITIATED: 'amber', FAILED: 'red' };
const refundTones: Record<string, BadgeTone> = { SUCCESS: 'green', PENDING: 'amber', ONHOLD: 'blue' };

/** SUCCESS green, INITIATED shown as 'processing', FAILED red, anything else grey (SPEC.md §4). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge tone={paymentTones[status] ?? 'grey'}>{paymentStatusLabel(status)}</Badge>;
}

export function RefundStatusBadge({ status }: { status: string }) {
  return <Badge tone={refundTones[status] ?? 'grey'}>{status}</Badge>;
}
