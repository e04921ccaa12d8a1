import { wholePercent } from '@cutroom/contracts/money';
import { formatRupees } from '@cutroom/contracts/price';
import { responseTimeLabel, type TrackRecord } from '@cutroom/contracts/reviews';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** '92%' from 0.92. */
export const onTimePercent = (rate: number) => `${wholePercent(rate)}%`;

/** 'March 2024': the month is read in UTC, as the server stores it, so it does not shift by time zone. */
export const memberSinceLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const daysLabel = (n: number) => plural(n, 'day', 'days');

/**
 * The card's one-line track record: '12 orders completed · 92% on time · Usually responds within an
 * hour'. Unknown parts are left out; an editor with no completed order yet is 'New on Cutroom'.
 */
export function trackRecordParts(record: TrackRecord | undefined): string[] {
  if (!record) return [];
  const parts: string[] = [];
  if (record.completedOrders === 0) parts.push('New on Cutroom');
  else {
    parts.push(plural(record.completedOrders, 'order completed', 'orders completed'));
    if (record.onTimeRate !== null) parts.push(`${onTimePercent(record.onTimeRate)} on time`);
  }
  if (record.responseMinutes !== null)
    parts.push(`Usually responds ${responseTimeLabel(record.responseMinutes)}`);
  return parts;
}

/** 'From ₹1,499 · Fastest delivery 2 days': what the cheapest tier costs and the quickest tier promises. */
export function priceAndSpeedParts(startingPrice?: number | null, fastestDays?: number | null): string[] {
  const parts: string[] = [];
  if (startingPrice != null) parts.push(`From ${formatRupees(startingPrice)}`);
  if (fastestDays != null) parts.push(`Fastest delivery ${daysLabel(fastestDays)}`);
  return parts;
}
