import { formatPayoutRupees } from '@cutroom/contracts/payouts';

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const formatEarningDay = (iso: string) => dayFormat.format(new Date(iso));
export const formatEarningTime = (iso: string) => timeFormat.format(new Date(iso));

/** '₹1,200', or '−₹1,200' for money owed (formatRupees alone would print '₹-1,200'). */
export const formatSignedRupees = (amount: number) =>
  amount < 0 ? `−${formatPayoutRupees(-amount)}` : formatPayoutRupees(amount);

/** Whether payouts are still held after a change of details (the server's time may have passed since). */
export const isHeld = (heldUntil: string | null, now = Date.now()) =>
  heldUntil !== null && new Date(heldUntil).getTime() > now;

/** A gateway's reason as the end of a sentence: one full stop, never two. */
export const asSentence = (text: string) => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};
