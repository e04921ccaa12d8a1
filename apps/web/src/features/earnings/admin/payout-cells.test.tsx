import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountCell } from './payout-cells';
import { riya } from './payouts.test-helpers';

describe("the admin's vendor account cell", () => {
  it('says what the gateway needs, in its words, what to do, and its raw status', () => {
    render(
      <AccountCell
        row={{
          ...riya,
          heldUntil: null,
          vendorState: 'action_required',
          gatewayStatus: 'ACTION_REQUIRED',
          vendorError: 'PAN is required for vendor KYC: add the PAN of the vendor',
        }}
      />,
    );
    const text = document.body.textContent!;
    expect(screen.getByText('Action needed')).toBeTruthy();
    expect(text).toContain('Action needed: PAN is required for vendor KYC: add the PAN of the vendor');
    expect(text).toContain(
      'The editor must add or correct their PAN (Tax profile); then Retry sends the vendor again.',
    );
    expect(text).toContain('Gateway status: ACTION_REQUIRED');
  });

  it('asks for bank details when the bank could not be verified, and says a review needs nothing', () => {
    const { unmount } = render(
      <AccountCell
        row={{
          ...riya,
          vendorState: 'action_required',
          gatewayStatus: 'BANK_VALIDATION_FAILED',
          vendorError: null,
        }}
      />,
    );
    expect(document.body.textContent).toContain('The editor must change their bank details');
    unmount();
    render(
      <AccountCell
        row={{ ...riya, vendorState: 'in_review', gatewayStatus: 'IN_BENE_CREATION', vendorError: null }}
      />,
    );
    expect(document.body.textContent).toContain('Under review by the payment gateway');
    expect(document.body.textContent).toContain('splits wait and go once it is active');
  });
});
