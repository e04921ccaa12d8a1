import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createOfferInputSchema, ORDER_DEFAULTS, ORDER_LIMITS, ORDER_TEXTS } from '@cutroom/contracts/orders';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea, FormError } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { refuseContactDetails } from '../../../components/forms/refuse-contact-details';
import { useSendOffer } from '../api/send-offer';
import { TierSelect, tierFromSelect } from './tier-select';
import { invalidateRoomOrders, storeRoomOrder } from '../hooks/use-room-orders';

type OfferForm = z.input<typeof createOfferInputSchema>;
type Offer = z.output<typeof createOfferInputSchema>;

/** What an offer request (or anything else) hands the form to start from. */
export interface OfferPrefill {
  description?: string;
  tier?: TierTitle | null;
}

const blank = (p?: OfferPrefill): OfferForm => ({
  title: '',
  description: p?.description ?? '',
  amount: '',
  deliveryDays: '',
  revisions: '1',
  tier: p?.tier ?? null,
});

/**
 * The editor's custom offer: what is made, for how much, in how many days, with how many revisions. The
 * creator accepts it (paying now or on approval) within a week, after which it expires. Mount it when it
 * opens: each opening starts from the prefill it is given.
 */
export function SendOfferModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  prefill?: OfferPrefill;
}) {
  const { open, onOpenChange, roomId, prefill } = props;
  const queryClient = useQueryClient();
  const form = useForm<OfferForm, unknown, Offer>({
    resolver: zodResolver(createOfferInputSchema),
    defaultValues: blank(prefill),
  });
  const { errors } = form.formState;

  const send = useSendOffer(roomId, {
    onSuccess: (order) => {
      storeRoomOrder(queryClient, order);
      toast.success('Offer sent!');
      onOpenChange(false);
    },
    onError: (err) => toast.error(errorMessage(err, 'The offer could not be sent. Please try again.')),
    onSettled: () => invalidateRoomOrders(queryClient, roomId),
  });

  const onSubmit = form.handleSubmit((offer) => {
    // The chat's rule: the server refuses contact details in an offer as in a message.
    for (const field of ['title', 'description'] as const) {
      if (refuseContactDetails(form, field, offer[field] ?? '', { place: 'offer', roomId })) return;
    }
    send.mutate(offer);
  });

  const pending = send.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={ORDER_TEXTS.sendOffer}
      description={`The creator can accept it within ${ORDER_DEFAULTS.offerExpiryHours / 24} days, paying now or when they approve your delivery.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Offer">
        <Field label="Title" error={errors.title?.message}>
          {(id) => (
            <Input
              id={id}
              maxLength={ORDER_LIMITS.titleMax}
              placeholder="Wedding teaser, 60 seconds"
              aria-invalid={Boolean(errors.title)}
              disabled={pending}
              {...form.register('title')}
            />
          )}
        </Field>
        <Field
          label="Description (optional)"
          error={errors.description?.message}
          hint="What you will make and deliver"
        >
          {(id) => (
            <Textarea
              id={id}
              rows={4}
              maxLength={ORDER_LIMITS.descriptionMax}
              aria-invalid={Boolean(errors.description)}
              disabled={pending}
              {...form.register('description')}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <Field label="Price (₹)" error={errors.amount?.message} hint="Whole rupees">
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={ORDER_LIMITS.priceMin}
                  max={ORDER_LIMITS.priceMax}
                  step={1}
                  aria-invalid={Boolean(errors.amount)}
                  disabled={pending}
                  {...form.register('amount')}
                />
              )}
            </Field>
          </div>
          <Field label="Delivery (days)" error={errors.deliveryDays?.message}>
            {(id) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={ORDER_LIMITS.deliveryDaysMin}
                max={ORDER_LIMITS.deliveryDaysMax}
                step={1}
                aria-invalid={Boolean(errors.deliveryDays)}
                disabled={pending}
                {...form.register('deliveryDays')}
              />
            )}
          </Field>
          <Field label="Revisions" error={errors.revisions?.message}>
            {(id) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={ORDER_LIMITS.revisionsMax}
                step={1}
                aria-invalid={Boolean(errors.revisions)}
                disabled={pending}
                {...form.register('revisions')}
              />
            )}
          </Field>
        </div>
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
          <FormError error={send.error} fallback={'The offer could not be sent. Please try again.'} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending...' : ORDER_TEXTS.sendOffer}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
