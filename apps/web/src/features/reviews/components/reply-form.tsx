import { useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, reviewReplyInputSchema, type Review } from '@cutroom/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useReplyToReview } from '../api/reply-to-review';

const FAILED = 'Could not post your reply. Please try again.';

/** Where the focus goes once the reply is posted: the reply itself, which replaces this form. */
export const replyBlockId = (reviewId: string) => `review-reply-${reviewId}`;

/**
 * The reviewed editor's one public reply: 'Reply' opens an inline form; errors stay beside the field,
 * success is a toast and the reply appears in the review.
 */
export function ReplyForm({ review, editorId }: { review: Review; editorId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const reply = useReplyToReview(editorId);

  // The opener is rendered again when the form closes; the focus goes back to it after that render.
  const close = () => {
    setOpen(false);
    setText('');
    setError(null);
    setTimeout(() => opener.current?.focus(), 0);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write your reply first');
    const parsed = reviewReplyInputSchema.safeParse({ reply: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FAILED);
    setError(null);
    reply.mutate(
      { reviewId: review._id, reply: parsed.data.reply },
      {
        onSuccess: () => setTimeout(() => document.getElementById(replyBlockId(review._id))?.focus(), 0),
        onError: (err) => setError(errorMessage(err, FAILED)),
      },
    );
  };

  if (!open) {
    return (
      <Button ref={opener} variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Reply <span className="sr-only">to {review.author}</span>
      </Button>
    );
  }

  const describedBy = cn(`${id}-count`, error && `${id}-error`);
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Your public reply to {review.author}
      </label>
      <Textarea
        id={id}
        autoFocus
        value={text}
        maxLength={REVIEW_LIMITS.replyMax}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(error && 'border-red-400')}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={`${id}-error`} role="alert" className="min-w-0 text-xs font-medium text-red-600">
          {error}
        </p>
        <p id={`${id}-count`} className="ml-auto text-xs text-slate-500 tabular-nums">
          {text.length.toLocaleString('en-IN')}/{REVIEW_LIMITS.replyMax.toLocaleString('en-IN')}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Posting...' : 'Post reply'}
        </Button>
        <Button variant="ghost" size="sm" onClick={close} disabled={reply.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
