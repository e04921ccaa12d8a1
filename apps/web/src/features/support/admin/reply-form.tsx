import { useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Send } from 'lucide-react';
import { SUPPORT_LIMITS, supportReplyInputSchema, type AdminSupportTicket } from '@cutroom/contracts/support';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useReplyToTicket } from '../api/reply-to-ticket';

const replySchema = supportReplyInputSchema.pick({ message: true });

/**
 * The answer to one ticket: e-mailed to the address the visitor gave. "Send reply" leaves the ticket open;
 * "Reply and close" closes it with the same request. The contracts' rule is checked as the admin sends, and
 * a refusal from the server is shown under the field as well as in a toast. `aside` sits at the end of the
 * buttons' row (the card's Close).
 */
export function ReplyForm({ ticket, aside }: { ticket: AdminSupportTicket; aside?: ReactNode }) {
  const id = useId();
  const reply = useReplyToTicket(ticket);
  const form = useForm<{ message: string }, unknown, { message: string }>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });
  const error = form.formState.errors.message?.message;
  const length = (form.watch('message') ?? '').length;
  const pending = reply.isPending;

  const send = (close: boolean) =>
    form.handleSubmit(({ message }) =>
      reply.mutate(
        { message, close },
        {
          onSuccess: () => form.reset({ message: '' }),
          onError: (err) =>
            form.setError('message', {
              message: errorMessage(err, 'The reply was not sent. Please try again.'),
            }),
        },
      ),
    );

  return (
    <form onSubmit={(e) => void send(false)(e)} noValidate className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Reply to {ticket.name}
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={SUPPORT_LIMITS.replyMax}
        placeholder="Write your answer. It is e-mailed to the address above."
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(`${id}-count`, error && `${id}-error`)}
        disabled={pending}
        {...form.register('message')}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
            {error}
          </p>
        ) : (
          <span className="text-xs text-slate-500">Sent by e-mail to {ticket.email}</span>
        )}
        <p id={`${id}-count`} className="shrink-0 text-xs text-slate-500 tabular-nums">
          {length} / {SUPPORT_LIMITS.replyMax}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          <Send className="size-4" aria-hidden /> {pending ? 'Sending...' : 'Send reply'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={(e) => void send(true)(e)}
        >
          Reply and close
        </Button>
        {aside && <div className="ml-auto">{aside}</div>}
      </div>
    </form>
  );
}
