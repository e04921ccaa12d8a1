import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from '@cutroom/contracts/chat';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';

/**
 * The message box. Empty or whitespace-only text is not sent; contact details are refused here with the
 * same detector the server applies (SPEC.md §5). Enter sends, Shift+Enter starts a new line.
 */
export function Composer(props: {
  disabled: boolean;
  onSend: (content: string) => void;
  onKeystroke: () => void;
  onStopTyping: () => void;
  /** A text refused here, so the server can put the attempt on record. */
  onRefused?: (content: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (props.disabled) return;
    const content = text.trim();
    if (!content) return;
    if (findContactDetails(content)) {
      setError(CONTACT_DETAILS_BLOCKED_MESSAGE);
      notify.error(CONTACT_DETAILS_BLOCKED_MESSAGE);
      props.onRefused?.(content);
      return;
    }
    props.onStopTyping();
    props.onSend(content);
    setText('');
    setError(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Message"
          rows={Math.min(5, Math.max(1, text.split('\n').length))}
          maxLength={MESSAGE_MAX_LENGTH}
          value={props.disabled ? '' : text}
          disabled={props.disabled}
          placeholder={props.disabled ? CHAT_MESSAGES.disabledPlaceholder : 'Type a message...'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'composer-error' : undefined}
          className="resize-none"
          style={{ minHeight: '2.5rem' }}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
            if (e.target.value.trim()) props.onKeystroke();
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          aria-label="Send"
          disabled={props.disabled || !text.trim()}
          className="shrink-0"
        >
          <SendHorizontal className="size-4" aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      {error && (
        <p id="composer-error" role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
