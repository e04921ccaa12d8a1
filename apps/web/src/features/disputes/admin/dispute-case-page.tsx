import { useCallback, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { DISPUTE_MESSAGES, type DisputeUpdatedEvent } from '@cutroom/contracts/disputes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { orderKeys, OrderSummary, OrderTimeline, useAdminOrder } from '../../orders';
import { GatewayDisputes } from '../../payments';
import { getAdminDisputeQueryKey, useAdminDispute } from '../api/get-admin-dispute';
import { getCaseMessagesQueryKey, useCaseMessagesQuery } from '../api/get-case-messages';
import { useDisputeUpdates } from '../hooks/use-dispute-updates';
import { DISPUTES_PATH } from '../utils/paths';
import { CaseChat, scrollToMessage } from './case-chat';
import { CaseDeliveries } from './case-deliveries';
import { CaseHeader } from './case-header';
import { CaseStatements } from './case-statements';
import { DecisionPanel } from './decision-panel';

/**
 * Admin › Disputes › one case file: where it stands, both statements and the evidence, the decision (a
 * form while it is with Cutroom support), the chat around it with the cited messages highlighted, the
 * order's deliveries, its terms and its timeline. Live: every change to the dispute refetches it.
 */
export default function DisputeCasePage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <DisputeCase />
    </ProtectedRoute>
  );
}

const back = (
  <Link
    to={DISPUTES_PATH}
    className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline"
  >
    <ArrowLeft className="size-4" aria-hidden /> All disputes
  </Link>
);

function DisputeCase() {
  const { disputeId = '' } = useParams();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const queryClient = useQueryClient();
  const dispute = useAdminDispute(disputeId, { enabled: isAdmin, staleTime: 0 });
  const row = dispute.data?.data;
  const order = useAdminOrder(row?.orderId ?? '', { enabled: Boolean(row) });
  const messages = useCaseMessagesQuery(row?.roomId ?? '', { enabled: Boolean(row) });
  const chatBox = useRef<HTMLDivElement | null>(null);

  const orderId = row?.orderId;
  const roomId = row?.roomId;
  const onUpdate = useCallback(
    (event: DisputeUpdatedEvent | null) => {
      if (event && event.disputeId !== disputeId) return;
      void queryClient.invalidateQueries({ queryKey: getAdminDisputeQueryKey(disputeId) });
      if (orderId) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      if (roomId) void queryClient.invalidateQueries({ queryKey: getCaseMessagesQueryKey(roomId) });
    },
    [queryClient, disputeId, orderId, roomId],
  );
  useDisputeUpdates(onUpdate);

  if (!isAdmin) return null;
  if (dispute.isPending) return <Spinner label="Loading the case..." />;
  if (dispute.isError || !row) {
    const missing = dispute.error instanceof ApiError && dispute.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <Card className="border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="font-medium text-red-700">
            {missing ? DISPUTE_MESSAGES.notFound : 'Failed to load the case.'}
          </p>
          {!missing && (
            <Button variant="secondary" className="mt-4" onClick={() => dispute.refetch()}>
              Try Again
            </Button>
          )}
        </Card>
      </div>
    );
  }
  const loaded = new Set((messages.data?.pages ?? []).flatMap((p) => p.data.map((m) => m._id)));

  return (
    <div className="space-y-5">
      {back}
      <CaseHeader row={row} />
      {/* On xl the decision stands beside what the admin reads; below, it follows it. */}
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <CaseStatements
            row={row}
            loadedMessages={loaded}
            onShowMessage={(id) => {
              chatBox.current?.scrollIntoView({ block: 'nearest' });
              scrollToMessage(chatBox.current, id, true);
            }}
          />
          <CaseChat
            messages={messages}
            evidence={row.evidence}
            names={{ creator: row.creator, editor: row.editor }}
            boxRef={chatBox}
          />
          <CaseDeliveries roomId={row.roomId} orderId={row.orderId} evidence={row.evidence} />
        </div>
        <DecisionPanel row={row} />
      </div>
      {order.isPending ? (
        <Spinner label="Loading the order..." />
      ) : order.isError ? (
        <Card className="p-5">
          <p role="alert" className="text-sm text-red-700">
            Failed to load the order.{' '}
            <button type="button" className="font-semibold underline" onClick={() => order.refetch()}>
              Try Again
            </button>
          </p>
        </Card>
      ) : (
        <>
          <OrderSummary order={order.data.data} />
          <GatewayDisputes orderId={order.data.data._id} />
          <Card className="p-5">
            <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">Order timeline</h2>
            <div className="mt-4">
              <OrderTimeline events={order.data.events} />
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
