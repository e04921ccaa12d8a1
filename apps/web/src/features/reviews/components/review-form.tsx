import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import type { Order } from '@cutroom/contracts/orders';
import { REVIEW_LIMITS, reviewInputSchema, type Review, type ReviewInput } from '@cutroom/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { reportRefusal } from '../../../lib/report-refusal';
import { formatDay } from '../../../lib/dates';
import { useCreateReview } from '../api/create-review';
import { reviewsKey } from '../api/reviews-api';
import { StarInput } from './stars';

export const REVIEW_FORM_TEXTS = {
  open: 'Leave a review',
  title: 'Review your order',
  submit: 'Submit review',
  sending: 'Sending...',
  ratingRequired: 'Choose an overall rating from 1 to 5 stars',
  failed: 'Your review could not be sent. Please try again.',
  until: (iso: string) => `You can review until ${formatDay(iso)}`,
} as const;

/** The contract's rules, with a plain word for the one thing that must be chosen: the overall stars. */
const reviewFormSchema = reviewInputSchema.extend({
  rating: z.number({ error: REVIEW_FORM_TEXTS.ratingRequired }).pipe(reviewInputSchema.shape.rating),
});
type ReviewFormValues = z.input<typeof reviewFormSchema>;
type ReviewFormOutput = z.output<typeof reviewFormSchema>;

const SUB_RATINGS = [
  { name: 'communication', label: 'Communication' },
  { name: 'quality', label: 'Quality' },
  { name: 'onTime', label: 'Delivery on time' },
] as const;

/** Only what was chosen goes to the server: a sub-rating left unset is left out. */
function toBody(v: ReviewFormOutput): ReviewInput {
  const body: ReviewInput = { rating: v.rating, text: v.text };
  for (const { name } of SUB_RATINGS) if (v[name] != null) body[name] = v[name];
  return body;
}

export type ReviewedOrder = Pick<Order, '_id' | 'roomId' | 'reference' | 'title' | 'editor'>;

/**
 * The creator reviews a completed order: overall stars (required), three optional sub-ratings and a text.
 * Mount it when it opens. Refusals (already reviewed, too late) are shown in the dialog; either way
 * `onSettled` runs (the order card fetches every order list again: a refusal means the order changed
 * meanwhile), then the editor's stars and reviews are fetched again.
 */
export function ReviewDialog(props: {
  order: ReviewedOrder;
  /** When the review window closes (ISO), as the order said when the dialog opened. */
  until: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReviewed?: (review: Review) => void;
  /** After the review was sent or refused. */
  onSettled?: () => void;
}) {
  const { order, until, open, onOpenChange, onReviewed } = props;
  const queryClient = useQueryClient();
  const textId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { communication: null, quality: null, onTime: null, text: '' },
  });
  const { errors } = form.formState;
  const textLength = (form.watch('text') ?? '').length;

  const send = useCreateReview(order._id, {
    onSuccess: (reply) => {
      toast.success(reply.message);
      onReviewed?.(reply.data);
      onOpenChange(false);
    },
    onError: (err) => {
      const message = errorMessage(err, REVIEW_FORM_TEXTS.failed);
      // The server's own contact-detail check speaks about the text: show it there.
      if (err instanceof ApiError && message === CONTACT_DETAILS_BLOCKED_MESSAGE) {
        form.setError('text', { message }, { shouldFocus: true });
        return;
      }
      setServerError(message);
    },
    onSettled: () => {
      props.onSettled?.();
      // The editor's stars on the catalogue and the portfolio page.
      void queryClient.invalidateQueries({ queryKey: ['editors'] });
      void queryClient.invalidateQueries({ queryKey: reviewsKey });
    },
  });
  const pending = send.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    // The chat's rule reaches reviews too: the server refuses contact details, so say it before sending.
    if (findContactDetails(values.text)) {
      form.setError('text', { message: CONTACT_DETAILS_BLOCKED_MESSAGE }, { shouldFocus: true });
      reportRefusal({ place: 'review', text: values.text, orderId: order._id });
      return;
    }
    send.mutate(toBody(values));
  });

  const textError = errors.text?.message;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={REVIEW_FORM_TEXTS.title}
      description={`${order.reference} · ${order.title} · by ${order.editor.username}`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Review">
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {REVIEW_FORM_TEXTS.until(until)}. Your review is shown on the editor’s portfolio with your username;
          it cannot be changed once sent.
        </p>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarInput
              label="Overall rating"
              required
              value={field.value ?? null}
              onChange={(v) => {
                field.onChange(v);
                setServerError(null);
              }}
              error={errors.rating?.message}
            />
          )}
        />
        <div className="space-y-4">
          {SUB_RATINGS.map(({ name, label }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <StarInput
                  label={label}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
            Your review <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <Textarea
            id={textId}
            rows={5}
            maxLength={REVIEW_LIMITS.textMax}
            placeholder="What went well? What could have been better?"
            aria-invalid={textError ? true : undefined}
            aria-describedby={cn(`${textId}-count`, textError && `${textId}-error`)}
            disabled={pending}
            {...form.register('text', { onChange: () => setServerError(null) })}
          />
          <div className="flex items-start justify-between gap-3">
            {textError ? (
              <p id={`${textId}-error`} role="alert" className="text-xs font-medium text-red-600">
                {textError}
              </p>
            ) : (
              <span />
            )}
            <p
              id={`${textId}-count`}
              className={cn(
                'shrink-0 text-xs tabular-nums',
                textLength >= REVIEW_LIMITS.textMax ? 'font-semibold text-amber-700' : 'text-slate-500',
              )}
            >
              {textLength} / {REVIEW_LIMITS.textMax}
              <span className="sr-only"> characters</span>
            </p>
          </div>
        </div>
        {serverError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
            {serverError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? REVIEW_FORM_TEXTS.sending : REVIEW_FORM_TEXTS.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
