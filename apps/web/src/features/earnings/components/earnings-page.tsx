import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { PAYOUT_MESSAGES } from '@cutroom/contracts/payouts';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useProfileRole } from '../../profile';
import { BalanceCards, EarningsRules } from './balance-cards';
import { EarningsOrders } from './earnings-orders';
import { useEarningsSummary } from '../api/get-earnings-summary';
import { PayoutDetailsPanel } from './payout-details-panel';
import { SettlementsList } from './settlements-list';
import { LoadError } from '../../../components/ui/load-error';
import { TaxDocuments } from './tax-documents';
import { TaxProfilePanel } from './tax-profile-panel';

/** The breakdown's chain, said once above the list rather than in every row. */
export const EARNINGS_CHAIN =
  'From what the creator paid (gross) we take our commission and the GST on it; then TCS under GST (only if you are registered under GST) and income tax (TDS) are withheld and filed in your name. What is left is your net share.';

/**
 * /profile/earnings: the editor's balances, payout details, settlements, earnings by order, tax profile
 * and tax documents.
 */
export default function EarningsPage() {
  const role = useProfileRole();
  return (
    <section aria-labelledby="earnings-title" className="min-w-0 space-y-8">
      <header>
        <h1 id="earnings-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
          Earnings
        </h1>
        {role === 'editor' && (
          <p className="mt-1 text-sm text-slate-600">What you earned on Cutroom, and where it is paid out.</p>
        )}
      </header>
      {role === 'editor' ? <EditorEarnings /> : <OnlyEditors />}
    </section>
  );
}

/** A creator who opens the address: no requests, just where to go instead. */
function OnlyEditors() {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <Wallet className="size-10 text-slate-400" aria-hidden />
      <p className="mt-3 font-semibold text-slate-900">{PAYOUT_MESSAGES.onlyEditors}</p>
      <p className="mt-1 text-sm text-slate-500">Your payments to editors are in Payment History.</p>
      <Link to="/profile" className={`${buttonClass('secondary', 'sm')} mt-4`}>
        Payment History
      </Link>
    </Card>
  );
}

function EditorEarnings() {
  const summary = useEarningsSummary();
  return (
    <>
      {summary.isPending ? (
        <Spinner label="Loading your earnings..." />
      ) : summary.isError && !summary.data ? (
        <LoadError message="Failed to load your earnings." onRetry={() => summary.refetch()} />
      ) : (
        <>
          <div className="space-y-3">
            <BalanceCards
              balances={summary.data.balances}
              clearingDays={summary.data.clearingDays}
              account={summary.data.payoutAccount}
            />
            <EarningsRules feePercent={summary.data.feePercent} clearingDays={summary.data.clearingDays} />
          </div>
          <PayoutDetailsPanel account={summary.data.payoutAccount} />
          <SettlementsList settlements={summary.data.settlements} />
        </>
      )}
      <TaxProfilePanel />
      <section aria-labelledby="earnings-orders-title" className="space-y-3">
        <h2 id="earnings-orders-title" className="text-lg font-bold text-slate-900">
          Earnings by order
        </h2>
        <p className="text-sm text-slate-600" data-testid="earnings-chain">
          {EARNINGS_CHAIN}
        </p>
        <EarningsOrders />
      </section>
      <TaxDocuments />
    </>
  );
}
