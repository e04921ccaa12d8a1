import { formatRupees } from '@cutroom/contracts/price';
import type { Order } from '@cutroom/contracts/orders';
import { formatDateTime, formatDay } from '../../../lib/dates';

export const formatOrderDate = formatDateTime;
export const formatOrderDay = formatDay;

/** 'Wedding teaser · ₹6,999 · 5 days · 2 revisions'. */
export function orderTermsLine(o: Pick<Order, 'title' | 'amount' | 'deliveryDays' | 'revisionsIncluded'>) {
  const days = `${o.deliveryDays} ${o.deliveryDays === 1 ? 'day' : 'days'}`;
  const revisions = `${o.revisionsIncluded} ${o.revisionsIncluded === 1 ? 'revision' : 'revisions'}`;
  return `${o.title} · ${formatRupees(o.amount)} · ${days} · ${revisions}`;
}

/** 'Basic' from 'basic'; 'Custom' for an offer without a tier. */
export const orderPlanLabel = (tier: string | null) =>
  tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Custom';

/** '1 day' / '5 days'. */
export const daysLabel = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
/** '1 revision' / '2 revisions'. */
export const revisionsLabel = (n: number) => `${n} ${n === 1 ? 'revision' : 'revisions'}`;
