import type { VendorState } from '@cutroom/contracts';

/**
 * Every vendor status Cashfree documents (Easy Split → Vendor status; the VENDOR_STATUS_UPDATE webhook),
 * and what the editor and admins see for it. Payouts wait (splits stay `waiting`) unless `active`.
 *
 * | Cashfree               | ours            | what it means                                                 |
 * | ---------------------- | --------------- | ------------------------------------------------------------- |
 * | IN_BANK_VALIDATION     | in_review       | the bank account is being verified                             |
 * | IN_BENE_CREATION       | in_review       | the partner bank is adding the beneficiary (and KYC checked)   |
 * | BANK_VALIDATION_FAILED | action_required | the bank account could not be verified: new details needed     |
 * | BENE_CREATION_FAILED   | action_required | the bank refused the beneficiary: new details needed           |
 * | ACTION_REQUIRED        | action_required | a KYC document is missing or failed verification               |
 * | ON_HOLD                | action_required | Cashfree's onboarding team needs documents                     |
 * | ACTIVE                 | active          | settlements flow                                              |
 * | BLOCKED                | blocked         | settlements held (ours while a change of details is held)      |
 * | DELETED                | failed          | gone: an admin's Retry creates it again                        |
 * | anything else          | in_review       | unknown to us: shown raw to admins and read again until known  |
 */
const STATES: Record<string, VendorState> = {
  IN_BANK_VALIDATION: 'in_review',
  IN_BENE_CREATION: 'in_review',
  BANK_VALIDATION_FAILED: 'action_required',
  BENE_CREATION_FAILED: 'action_required',
  ACTION_REQUIRED: 'action_required',
  ON_HOLD: 'action_required',
  ACTIVE: 'active',
  BLOCKED: 'blocked',
  DELETED: 'failed',
};

/** The gateway's reason when it gives none: what the status itself says is needed. */
const DEFAULT_REASONS: Record<string, string> = {
  BANK_VALIDATION_FAILED: 'The payment gateway could not verify the bank account',
  BENE_CREATION_FAILED: 'The bank could not add the account for payouts',
  ACTION_REQUIRED: 'The payment gateway could not verify the KYC documents',
  ON_HOLD: 'The payment gateway put the account on hold until more documents are given',
  BLOCKED: 'Blocked by the payment gateway',
  DELETED: 'The payment gateway deleted the vendor account',
};

/**
 * Our state for the gateway's status. A BLOCKED vendor during our own hold after a change of details is
 * still active: the hold is shown on its own (heldUntil) and ends by itself.
 */
export function vendorStateOf(status: string, held: boolean): VendorState {
  if (status === 'BLOCKED' && held) return 'active';
  return STATES[status] ?? 'in_review';
}

/** What the pages show as the reason: the gateway's words, else what its status means; none when fine. */
export function vendorReasonOf(state: VendorState, status: string, remarks: string | null): string | null {
  if (state !== 'action_required' && state !== 'blocked' && state !== 'failed') return null;
  return remarks?.trim() || DEFAULT_REASONS[status] || `The payment gateway says ${status}`;
}

/** States the gateway will move by itself or on someone's action: re-read until they settle. */
export const WATCHED_VENDOR_STATES = [
  'in_review',
  'action_required',
] as const satisfies readonly VendorState[];

export const isWatched = (state: VendorState) => (WATCHED_VENDOR_STATES as readonly string[]).includes(state);
