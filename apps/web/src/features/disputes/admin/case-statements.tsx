import type { AdminDisputeRow, DisputeEvidence } from '@cutroom/contracts/disputes';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { EvidenceList } from '../components/evidence-list';
import { Statement } from '../components/statement';
import { otherSide } from '../utils/texts';

/**
 * Both sides' statements and what each cited. A cited message that the chat below has loaded can be
 * shown there (`onShowMessage`); a cited delivery is marked in the deliveries.
 */
export function CaseStatements(props: {
  row: AdminDisputeRow;
  onShowMessage: (messageId: string) => void;
  loadedMessages: Set<string>;
}) {
  const { row } = props;
  const other = otherSide(row.openedBy);
  const name = (side: 'creator' | 'editor') => (side === 'creator' ? row.creator : row.editor);
  const link = (e: DisputeEvidence) =>
    e.kind === 'message' && e.messageId && props.loadedMessages.has(e.messageId) ? (
      <>
        {e.summary}{' '}
        <button
          type="button"
          className="rounded text-xs font-semibold whitespace-nowrap text-brand-700 hover:underline focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!"
          onClick={() => props.onShowMessage(e.messageId!)}
        >
          Show in the chat
        </button>
      </>
    ) : (
      e.summary
    );

  return (
    <Card className="space-y-4 p-5" data-testid="case-statements">
      <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">Statements</h2>
      <div className="grid gap-4 text-sm md:grid-cols-2">
        <div className="min-w-0 rounded-lg bg-slate-50 p-3">
          <Statement
            label={`The ${row.openedBy} (${name(row.openedBy)}), who opened it`}
            text={row.statement}
            at={formatDateTime(row.createdAt)}
            testId="case-statement-opener"
          />
        </div>
        <div className="min-w-0 rounded-lg bg-slate-50 p-3">
          {row.response ? (
            <Statement
              label={`The ${other} (${name(other)}), answering`}
              text={row.response.statement}
              at={formatDateTime(row.response.at)}
              testId="case-statement-answer"
            />
          ) : (
            <p className="wrap-anywhere text-slate-600" data-testid="case-statement-answer">
              The {other} ({name(other)}) has not answered{row.status === 'awaiting_response' ? ' yet' : ''}.
            </p>
          )}
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Evidence</h3>
        {row.evidence.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">Neither side cited anything or attached a file.</p>
        ) : (
          <EvidenceList disputeId={row._id} evidence={row.evidence} link={link} className="mt-1" />
        )}
      </div>
    </Card>
  );
}
