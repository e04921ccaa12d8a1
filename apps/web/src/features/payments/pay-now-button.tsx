import type { TierTitle } from '@cutroom/contracts';

/**
 * 'Pay Now' for one tier on /portfolio/{editorId}. Placeholder until the payments feature lands:
 * the payments feature owns this file (visibility by role, the messages of SPEC.md §5, the modal).
 */
export function PayNowButton(_props: {
  editorId: string;
  editorName: string;
  tier: TierTitle;
  amount: number | null;
}) {
  return null;
}
