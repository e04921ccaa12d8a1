import type { VendorState } from '@cutroom/contracts/payouts';

/** Cashfree statuses that ask for other bank details rather than documents. */
const BANK_PROBLEMS = new Set(['BANK_VALIDATION_FAILED', 'BENE_CREATION_FAILED']);

interface VendorView {
  vendorState: VendorState;
  gatewayStatus: string | null;
}

/**
 * What to do about the vendor account, said to the editor: payouts wait until it is active, so each
 * state that is not says why it waits and what, if anything, the editor can do. Null when nothing.
 */
export function editorVendorAdvice({ vendorState, gatewayStatus }: VendorView): string | null {
  switch (vendorState) {
    case 'pending':
      return 'Your details are being sent to the payment gateway; payouts start once it has verified them.';
    case 'in_review':
      return 'The payment gateway is verifying your account and PAN. Payouts wait until it is done; nothing is needed from you.';
    case 'action_required':
      return gatewayStatus && BANK_PROBLEMS.has(gatewayStatus)
        ? 'Payouts wait until this is fixed: check your bank details and change them.'
        : 'Payouts wait until this is fixed: add or correct your PAN in your Tax profile on this page and it is sent again. Write to support if this stays.';
    case 'failed':
      return 'Please check your details and change them.';
    case 'blocked':
      return 'Payouts wait until it is resolved; write to support if you do not know why.';
    default:
      return null;
  }
}

/** The same, said to an admin on the Payouts page. */
export function adminVendorAdvice({ vendorState, gatewayStatus }: VendorView): string | null {
  switch (vendorState) {
    case 'in_review':
      return 'Waiting for the gateway’s review; splits wait and go once it is active.';
    case 'action_required':
      return gatewayStatus && BANK_PROBLEMS.has(gatewayStatus)
        ? 'The editor must change their bank details; splits wait meanwhile.'
        : 'The editor must add or correct their PAN (Tax profile); then Retry sends the vendor again.';
    case 'failed':
      return 'Retry under Failures once the cause is fixed.';
    case 'blocked':
      return 'Check the vendor on the gateway’s dashboard.';
    default:
      return null;
  }
}
