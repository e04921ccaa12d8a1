import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderFilesReply } from '@cutroom/contracts/order-files';
import { api } from '../../../lib/api';

const enc = encodeURIComponent;

/** GET /api/orders/{id}/files: the order's footage (and deliveries) the viewer may see, oldest first. */
export const getOrderFiles = (orderId: string) => api.get<OrderFilesReply>(`/orders/${enc(orderId)}/files`);

export const orderFilesQueryKey = (orderId: string) => ['order-files', orderId] as const;

/** While a file is being checked (hashed, probed) the list is asked again until it settles. */
export const orderFilesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderFilesQueryKey(orderId),
    queryFn: () => getOrderFiles(orderId),
    refetchInterval: (query) => (query.state.data?.data.some((f) => f.status === 'checking') ? 1500 : false),
  });

export const useOrderFiles = (orderId: string, enabled: boolean) =>
  useQuery({ ...orderFilesQueryOptions(orderId), enabled });

/** Cancels (tus termination) one of the viewer's own uploads left unfinished, e.g. by a closed tab. */
export async function cancelStoredUpload(uploadUrl: string): Promise<void> {
  const res = await fetch(uploadUrl, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } });
  if (res.status !== 204 && res.status !== 404) throw new Error('The upload could not be cancelled');
}
