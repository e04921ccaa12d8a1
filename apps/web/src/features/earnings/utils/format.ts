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

/**
 * What the Available balance is waiting for, said one way wherever it is said (issue 25, item 12): it is
 * only "on its way to your payout account" once there is an account the gateway accepted.
 */
export function availableHint(
  account: { vendorState: string; heldUntil: string | null } | null,
  now = Date.now(),
): string {
  if (!account) return 'Cleared and ready to pay out: add your payout details below to receive it.';
  if (account.vendorState === 'action_required') {
    return 'Cleared; it is paid out once the payment gateway has what it needs (see Payout details).';
  }
  if (account.vendorState !== 'active') {
    return 'Cleared; it is paid out once your payout account is verified (see Payout details).';
  }
  if (isHeld(account.heldUntil, now)) {
    return `Cleared; held until ${formatEarningTime(account.heldUntil!)} after your change of payout details.`;
  }
  return 'Cleared and on its way to your payout account with the next settlement.';
}
