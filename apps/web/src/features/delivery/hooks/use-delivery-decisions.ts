import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { errorMessage } from '../../../lib/api';
import { invalidateRoomOrders } from '../../orders';
import { useApproveDelivery } from '../api/approve-delivery';
import { useFinalLink } from '../api/get-final-link';
import { useRequestChanges } from '../api/request-changes';
import { useRetryPreview } from '../api/retry-preview';
import { startDownload } from '../utils/start-download';
import { useStoreDelivery } from './use-deliveries';

/**
 * What can be done to one delivery: the creator approves it or asks for changes (with a note), the editor
 * retries a failed preview, either side downloads the final file once paid. A delivery the server returns
 * replaces the cached one; approving completes the order and requesting changes uses one of its revisions,
 * so the room's orders are fetched again. `onApproved` hears of an approval that still has to be paid.
 */
export function useDeliveryDecisions(d: Delivery, roomId: string, onApprovedUnpaid: () => void) {
  const queryClient = useQueryClient();
  const store = useStoreDelivery(roomId);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const orderChanged = () => invalidateRoomOrders(queryClient, roomId);

  const fail = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));
  const approve = useApproveDelivery(d._id, {
    onSuccess: (next) => {
      store(next);
      toast.success(DELIVERY_TEXTS.approved);
      if (!next.paid && next.amount !== null) onApprovedUnpaid();
    },
    onSettled: orderChanged,
    onError: fail('The delivery could not be approved. Please try again.'),
  });
  const requestChanges = useRequestChanges(d._id, {
    onSuccess: (next) => {
      store(next);
      setAsking(false);
      setNote('');
      toast.success(DELIVERY_TEXTS.changesRequested);
    },
    onSettled: orderChanged,
    onError: fail('Your request could not be sent. Please try again.'),
  });
  const retry = useRetryPreview(d._id, {
    onSuccess: store,
    onError: fail('The preview could not be retried. Please try again.'),
  });
  const download = useFinalLink(d._id, {
    onSuccess: (link) => startDownload(link.url),
    onError: fail('The download could not start. Please try again.'),
  });

  return {
    asking,
    setAsking,
    note,
    setNote,
    approve,
    requestChanges,
    retry,
    download,
    /** Approving or asking for changes is under way: both buttons wait. */
    deciding: approve.isPending || requestChanges.isPending,
  };
}

export type DeliveryDecisions = ReturnType<typeof useDeliveryDecisions>;
