import { AlertCircle, Clock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { PendingMessage } from '../hooks/use-send-message';

/** A message on its way, or one that could not be sent (with Retry and Discard). */
export function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
}) {
  const failed = message.status === 'failed';
  return (
    <div className="flex flex-col items-end gap-1">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl rounded-br-md px-3.5 py-2 text-white shadow-sm sm:max-w-[70%]',
          failed ? 'bg-red-500' : 'bg-brand-600/70',
        )}
        data-testid="chat-message-pending"
      >
        <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-white/80">
          {failed ? (
            <>
              <AlertCircle className="size-3.5" aria-hidden /> Not sent
            </>
          ) : (
            <>
              <Clock className="size-3.5" aria-hidden /> Sending...
            </>
          )}
        </p>
      </div>
      {failed && (
        <div className="flex gap-3 text-xs font-semibold">
          <button
            type="button"
            className="text-brand-700 hover:underline"
            onClick={() => onRetry?.(message.clientId)}
          >
            Retry
          </button>
          <button
            type="button"
            className="text-slate-500 hover:underline"
            onClick={() => onDiscard?.(message.clientId)}
          >
            Discard
          </button>
        </div>
      )}
    </div>
  );
}
