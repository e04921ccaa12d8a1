import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';

/** Asks before a dispute step that cannot be undone; a refusal is said in it, beside its button. */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: unknown;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { pending } = props;
  return (
    <Modal open onOpenChange={(next) => !pending && props.onOpenChange(next)} title={props.title}>
      <div className="space-y-4">
        <div className="space-y-2 text-sm text-slate-700">{props.children}</div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={pending}>
            Go back
          </Button>
          <FormError error={props.error} fallback="That did not work. Please try again." />
          <Button
            variant={props.tone === 'danger' ? 'danger' : 'primary'}
            onClick={props.onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? 'Sending...' : props.confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
