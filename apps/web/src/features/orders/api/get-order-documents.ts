import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxDocumentSummary } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import { fetchDownload, saveBlob } from '../../../lib/download';
import { ordersKey } from './orders-api';

export interface OrderDocumentsReply {
  items: TaxDocumentSummary[];
}

const enc = encodeURIComponent;

/**
 * GET /api/orders/{id}/documents: the order's paper the viewer may see, oldest first: the creator's
 * receipts and refund credit notes, the editor's commission invoices and credit notes.
 */
export const getOrderDocuments = (orderId: string) =>
  api.get<OrderDocumentsReply>(`/orders/${enc(orderId)}/documents`);

// Under the orders family, so whatever refreshes an order after a live update refreshes its paper too.
export const getOrderDocumentsQueryKey = (orderId: string) => [...ordersKey, 'documents', orderId] as const;

export const getOrderDocumentsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: getOrderDocumentsQueryKey(orderId), queryFn: () => getOrderDocuments(orderId) });

export const useOrderDocuments = (orderId: string, enabled: boolean) =>
  useQuery({ ...getOrderDocumentsQueryOptions(orderId), enabled });

/** GET /api/documents/{id}/pdf, with the session, saved under the server's file name. */
export async function downloadOrderDocument(doc: Pick<TaxDocumentSummary, 'id' | 'number'>) {
  const { blob, filename } = await fetchDownload(`/documents/${enc(doc.id)}/pdf`, 'application/pdf');
  saveBlob(blob, filename ?? `${doc.number.replace(/[^\w.-]+/g, '-')}.pdf`);
}
