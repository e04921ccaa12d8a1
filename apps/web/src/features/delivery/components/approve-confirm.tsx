import { CheckCircle2 } from 'lucide-react';
import { DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { OrderMoneySummary, useOrderMoneyReady } from '../../payments';

/**
 * Approving completes the order and releases the editor's share: it is asked first (issue 25, item 10),
 * with where the money goes in the server's own figures. Approve waits until they are on screen.
 */
export function ApproveConfirm(props: {
  delivery: Delivery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApprove: () => void;
  approving: boolean;
}) {
  const d = props.delivery;
  const ready = useOrderMoneyReady(d.order._id);
  const what = d.paid
    ? `Order ${d.order.reference} completes and the editor's share is released to them. This cannot be undone.`
    : `Order ${d.order.reference} is approved and you pay for it next; the final file is yours once paid. This cannot be undone.`;
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !props.approving && props.onOpenChange(open)}
      title={`Approve delivery #${d.number}?`}
      description={what}
    >
      {props.open && (
        <OrderMoneySummary
          orderId={d.order._id}
          creator="you"
          editor="the editor"
          label="Where the money goes"
        />
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={props.approving}>
          Go back
        </Button>
        <Button
          variant="success"
          onClick={props.onApprove}
          disabled={props.approving || !ready}
          aria-busy={props.approving}
        >
          <CheckCircle2 className="size-4" aria-hidden /> {DELIVERY_TEXTS.approve}
        </Button>
      </div>
    </Modal>
  );
}
