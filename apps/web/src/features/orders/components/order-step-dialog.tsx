import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import { ORDER_LIMITS } from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';

/**
 * Confirms an order step that cannot be undone (cancelling, accepting a cancellation), optionally with a
 * reason the other side reads in the chat.
 */
export function OrderStepDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Shows an optional reason box. */
  reasonLabel?: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const { open, pending } = props;
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) {
      setReason('');
      setError(null);
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The chat's rule reaches reasons too: they are posted into the conversation.
    if (findContactDetails(reason)) return setError(CONTACT_DETAILS_BLOCKED_MESSAGE);
    props.onConfirm(reason.trim());
  };

  return (
    <Modal open={open} onOpenChange={(next) => !pending && props.onOpenChange(next)} title={props.title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-slate-700">{props.children}</div>
        {props.reasonLabel && (
          <div className="space-y-1.5">
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
              {props.reasonLabel}
            </label>
            <Textarea
              id={reasonId}
              rows={3}
              maxLength={ORDER_LIMITS.reasonMax}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : undefined}
              disabled={pending}
            />
          </div>
        )}
        {error && (
          <p id={`${reasonId}-error`} role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={pending}>
            Go back
          </Button>
          <Button
            type="submit"
            variant={props.tone === 'primary' ? 'primary' : 'danger'}
            disabled={pending}
            aria-busy={pending}
          >
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
