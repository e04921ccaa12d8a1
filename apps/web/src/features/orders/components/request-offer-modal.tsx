import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { ChatMessage } from '@cutroom/contracts/chat';
import { offerRequestInputSchema, ORDER_LIMITS, ORDER_TEXTS } from '@cutroom/contracts/orders';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { Field, Textarea, FormError } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { refuseContactDetails } from '../../../components/forms/refuse-contact-details';
import { useRequestOffer } from '../api/request-offer';
import { TierSelect, tierFromSelect } from './tier-select';

type RequestForm = z.input<typeof offerRequestInputSchema>;
type OfferRequest = z.output<typeof offerRequestInputSchema>;

/**
 * The creator describes the work; the request appears in the chat for the editor to answer with an offer.
 * Mount it when it opens, so that each request starts blank.
 */
export function RequestOfferModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  /** The tier chosen to start with (a tier card's 'Ask for an offer'); none by default. */
  tier?: TierTitle;
  /** The request's line in the chat, as the server returned it. */
  onSent?: (line: ChatMessage) => void;
}) {
  const { open, onOpenChange, roomId } = props;
  const form = useForm<RequestForm, unknown, OfferRequest>({
    resolver: zodResolver(offerRequestInputSchema),
    defaultValues: { brief: '', tier: props.tier ?? null },
  });
  const { errors } = form.formState;

  const send = useRequestOffer(roomId, {
    onSuccess: (line) => {
      props.onSent?.(line);
      toast.success('Request sent to the editor');
      onOpenChange(false);
    },
    onError: (err) => toast.error(errorMessage(err, 'Your request could not be sent. Please try again.')),
  });

  const onSubmit = form.handleSubmit((request) => {
    if (refuseContactDetails(form, 'brief', request.brief, { place: 'offer_request', roomId })) return;
    send.mutate(request);
  });

  const pending = send.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={ORDER_TEXTS.requestOffer}
      description="Tell the editor what you need; they answer with an offer: price, delivery time and revisions."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Offer request">
        <Field label="Your brief" error={errors.brief?.message} hint="Length, style, deadline, references">
          {(id) => (
            <Textarea
              id={id}
              rows={5}
              maxLength={ORDER_LIMITS.briefMax}
              aria-invalid={Boolean(errors.brief)}
              disabled={pending}
              {...form.register('brief')}
            />
          )}
        </Field>
        <Field label="Tier (optional)" error={errors.tier?.message}>
          {(id) => (
            <TierSelect
              id={id}
              disabled={pending}
              {...form.register('tier', { setValueAs: tierFromSelect })}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <FormError error={send.error} fallback={'Your request could not be sent. Please try again.'} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending...' : ORDER_TEXTS.requestOffer}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
