import { z } from 'zod';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@cutroom/contracts/orders';
import type { AdminOrderFilters } from '../api/orders-api';

/**
 * All Orders keeps its filters in the URL, so the page survives a reload, can be linked to (an order's
 * page links to "all orders of this creator") and Back from an order returns to the same page.
 */

export type StatusFilter = OrderStatus | 'open';

export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open (offers and work under way)' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

export interface AllOrdersFilters extends AdminOrderFilters {
  /** Display names for the editor and creator filters, which the server takes by id. */
  editorName?: string;
  creatorName?: string;
}

const isStatus = (v: string | null): v is StatusFilter =>
  v === 'open' || (ORDER_STATUSES as readonly string[]).includes(v ?? '');
const uuid = (v: string | null) => (v && z.uuid().safeParse(v).success ? v : undefined);

/** Reads the filters, dropping anything the server would refuse rather than showing an error page. */
export function filtersFromParams(params: URLSearchParams): AllOrdersFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const q = params.get('q')?.trim().slice(0, 100);
  const editorId = uuid(params.get('editorId'));
  const creatorId = uuid(params.get('creatorId'));
  return {
    status: isStatus(status) ? status : undefined,
    late: params.get('late') === 'true' ? true : undefined,
    editorId,
    editorName: editorId ? (params.get('editor') ?? undefined) : undefined,
    creatorId,
    creatorName: creatorId ? (params.get('creator') ?? undefined) : undefined,
    q: q || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFromFilters(f: AllOrdersFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.status) out.set('status', f.status);
  if (f.late) out.set('late', 'true');
  if (f.q) out.set('q', f.q);
  if (f.editorId) {
    out.set('editorId', f.editorId);
    if (f.editorName) out.set('editor', f.editorName);
  }
  if (f.creatorId) {
    out.set('creatorId', f.creatorId);
    if (f.creatorName) out.set('creator', f.creatorName);
  }
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

/** The link to All Orders narrowed to one editor's or creator's orders. */
export function ordersOfLink(side: 'editor' | 'creator', id: string, name: string) {
  const f: AllOrdersFilters =
    side === 'editor'
      ? { editorId: id, editorName: name, page: 1 }
      : { creatorId: id, creatorName: name, page: 1 };
  return `/admin/dashboard/all-orders?${paramsFromFilters(f).toString()}`;
}

/** What the server is asked: the display names stay in the browser. */
export const serverFilters = ({
  editorName: _e,
  creatorName: _c,
  ...f
}: AllOrdersFilters): AdminOrderFilters => f;
