import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  REVIEW_LIMITS,
  reviewModerationInputSchema,
  type AdminReview,
  type ReviewModerationInput,
} from '@cutroom/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { adminReviewsKey } from '../api/get-admin-reviews';
import { hideReview } from '../api/hide-review';
import { reviewsKey } from '../api/reviews-api';
import { unhideReview } from '../api/unhide-review';

export type ModerationKind = 'hide' | 'unhide';

const TEXTS: Record<ModerationKind, { title: string; confirm: string; pending: string; hint: string }> = {
  hide: {
    title: 'Hide review',
    confirm: 'Hide review',
    pending: 'Hiding...',
    hint: 'The review leaves the editor’s page and no longer counts in their rating. The reason is kept in the review’s history.',
  },
  unhide: {
    title: 'Show review again',
    confirm: 'Show again',
    pending: 'Showing...',
    hint: 'The review is shown on the editor’s page again and counts in their rating. The reason is kept in the review’s history.',
  },
};

/**
 * Hides a review, or shows a hidden one again, with the reason the audit history keeps. Mount it when it
 * opens. A refusal (someone else acted first) is shown here, and the list is fetched again either way.
 */
export function ModerateReviewDialog({
  review,
  kind,
  onClose,
}: {
  review: AdminReview;
  kind: ModerationKind;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const texts = TEXTS[kind];
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReviewModerationInput, unknown, { reason: string }>({
    resolver: zodResolver(reviewModerationInputSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const length = (form.watch('reason') ?? '').length;

  const act = useMutation({
    mutationFn: (reason: string) =>
      kind === 'hide' ? hideReview(review._id, reason) : unhideReview(review._id, reason),
    onSuccess: (reply) => {
      toast.success(reply.message);
      onClose();
    },
    onError: (err) => setServerError(errorMessage(err, 'That did not work. Please try again.')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewsKey });
      // The editor's public stars and reviews change with it.
      void queryClient.invalidateQueries({ queryKey: ['editors'] });
      void queryClient.invalidateQueries({ queryKey: reviewsKey });
    },
  });
  const pending = act.isPending;

  const submit = form.handleSubmit(({ reason }) => {
    setServerError(null);
    act.mutate(reason);
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={texts.title}
      description={`${review.rating}-star review of ${review.editor.username} by ${review.creator.username} · ${review.orderReference}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={texts.title}>
        <p className="text-sm text-slate-600">{texts.hint}</p>
        <div className="space-y-1.5">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            Reason <span className="text-red-600">*</span>
          </label>
          <Textarea
            id={reasonId}
            rows={3}
            maxLength={REVIEW_LIMITS.reasonMax}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={cn(`${reasonId}-count`, error && `${reasonId}-error`)}
            disabled={pending}
            {...form.register('reason', { onChange: () => setServerError(null) })}
          />
          <div className="flex items-start justify-between gap-3">
            {error ? (
              <p id={`${reasonId}-error`} role="alert" className="text-xs font-medium text-red-600">
                {error}
              </p>
            ) : (
              <span className="text-xs text-slate-500">
                {REVIEW_LIMITS.reasonMin} to {REVIEW_LIMITS.reasonMax} characters
              </span>
            )}
            <p id={`${reasonId}-count`} className="shrink-0 text-xs text-slate-500 tabular-nums">
              {length} / {REVIEW_LIMITS.reasonMax}
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
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={kind === 'hide' ? 'danger' : 'primary'}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? texts.pending : texts.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
