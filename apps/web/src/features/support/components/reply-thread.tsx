import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface ThreadReply {
  _id: string;
  message: string;
}

/**
 * A ticket's replies, oldest first, as the member and the desk both see them: the list's newest few,
 * and the rest fetched on request (`onShowAll`, with the fetch's pending and failed states).
 */
export function ReplyThread<R extends ThreadReply>(props: {
  label: string;
  replies: readonly R[];
  replyCount: number;
  showingAll: boolean;
  onShowAll: () => void;
  loading: boolean;
  failed: boolean;
  testId: string;
  /** Who wrote the reply and when (and, for the desk, whether its e-mail went). */
  header: (reply: R) => ReactNode;
}) {
  const { replies, replyCount, showingAll } = props;
  return (
    <section aria-label={props.label} className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Replies ({replyCount})</h3>
      {replyCount > replies.length && !showingAll && (
        <Button variant="ghost" size="sm" onClick={props.onShowAll}>
          Show all {replyCount} replies
        </Button>
      )}
      {showingAll && props.loading && <p className="text-xs text-slate-500">Loading replies...</p>}
      {showingAll && props.failed && (
        <p role="alert" className="text-xs font-medium text-red-600">
          Failed to load the replies.
        </p>
      )}
      <ol className="space-y-2">
        {replies.map((r) => (
          <li
            key={r._id}
            className="rounded-xl border-l-4 border-brand-200 bg-slate-50 px-3 py-2"
            data-testid={props.testId}
          >
            {props.header(r)}
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{r.message}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
