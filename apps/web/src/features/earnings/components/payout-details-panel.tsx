import { useRef, useState } from 'react';
import { Clock, Landmark, Pencil } from 'lucide-react';
import type { PayoutAccount } from '@cutroom/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { asSentence, formatEarningTime, isHeld } from '../utils/format';
import { PayoutDetailsForm } from './payout-details-form';
import { editorVendorAdvice } from '../utils/vendor-advice';
import { VendorStateBadge, vendorHasProblem, vendorStateText } from './status-badges';

const METHOD_LABELS = { bank: 'Bank account', upi: 'UPI id' } as const;

/** The panel's heading: earnings rows waiting for a payout account lead here. */
export const PAYOUT_DETAILS_HEADING_ID = 'payout-details-title';

/** 'Payouts are on hold until 3 Dec 2026, 4:05 pm because your details changed.' */
export const heldText = (heldUntil: string) =>
  `Payouts are on hold until ${formatEarningTime(heldUntil)} because your details changed.`;

/**
 * Where payouts go: the saved account, masked, with the gateway's view of it and any hold; 'Change' opens
 * an empty form. Without an account the form shows at once.
 */
export function PayoutDetailsPanel({ account }: { account: PayoutAccount | null }) {
  const [editing, setEditing] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After saving or cancelling, the focus goes back to where the form was opened from.
  const close = () => {
    setEditing(false);
    window.setTimeout(() => (changeRef.current ?? headingRef.current)?.focus(), 0);
  };

  return (
    <Card className="p-4 sm:p-6" aria-labelledby={PAYOUT_DETAILS_HEADING_ID} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={PAYOUT_DETAILS_HEADING_ID}
            ref={headingRef}
            tabIndex={-1}
            className="flex scroll-mt-24 items-center gap-2 text-lg font-bold text-slate-900 focus:outline-none"
          >
            <Landmark className="size-5 text-brand-600" aria-hidden /> Payout details
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {account
              ? 'Where the payment gateway sends your earnings.'
              : 'Add the bank account or UPI id your earnings should be paid to.'}
          </p>
        </div>
        {account && !editing && (
          <Button ref={changeRef} variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> Change
          </Button>
        )}
      </div>

      {account && !editing && <SavedAccount account={account} />}

      {(!account || editing) && (
        <div className="mt-5">
          <PayoutDetailsForm
            changing={Boolean(account)}
            onSaved={close}
            onCancel={account ? close : undefined}
          />
        </div>
      )}
    </Card>
  );
}

function SavedAccount({ account }: { account: PayoutAccount }) {
  const problem = vendorHasProblem(account.vendorState);
  const advice = editorVendorAdvice(account);
  return (
    <div className="mt-5 space-y-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{METHOD_LABELS[account.method]}</dt>
          <dd className="font-mono font-semibold break-words text-slate-900" data-testid="payout-masked">
            {account.masked}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Account holder</dt>
          <dd className="font-medium break-words text-slate-900">{account.accountHolder}</dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-slate-500">Status at the payment gateway</dt>
          <dd className="mt-1 space-y-1">
            <VendorStateBadge state={account.vendorState} />
            {problem && (
              <p className="text-sm break-words text-red-700" data-testid="vendor-state-text">
                {asSentence(vendorStateText(account.vendorState, account.vendorError))} {advice}
              </p>
            )}
            {!problem && advice && (
              <p className="text-sm break-words text-slate-600" data-testid="vendor-state-text">
                {advice}
              </p>
            )}
          </dd>
        </div>
      </dl>
      {isHeld(account.heldUntil) && (
        <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {heldText(account.heldUntil!)}
        </p>
      )}
    </div>
  );
}
