import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { ORDER_MESSAGES as ORDERS, tierPurchase } from '@cutroom/contracts/orders';
import type { Tier, TierTitle } from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { withNext } from '../../../lib/auth/next-path';
import { useSession } from '../../../lib/auth/session';
import { CheckoutFollow, loadPaymentModal, useCheckoutSettled } from '../../orders';
import { getEditor } from '../api/get-editor';

type PayableTier = Pick<Tier, 'title' | 'features' | 'pricing' | 'deliveryDays' | 'revisions'>;

// The modal (form, Cashfree loader) is only downloaded by creators who click Pay Now.
const PaymentModal = lazy(() => loadPaymentModal().then((m) => ({ default: m.PaymentModal })));

/**
 * 'Pay Now' for one tier on /portfolio/{editorId}: shown only to creators; anyone else reads why
 * (SPEC.md §5). The modal opens only once the editor is confirmed to still exist, with the tier as it
 * stands now: what the modal says is bought is what the server will charge for.
 */
export function PayNowButton({
  editorId,
  editorName,
  tier,
  amount,
}: {
  editorId: string;
  editorName: string;
  tier: TierTitle;
  amount: number | null;
}) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [checking, setChecking] = useState(false);
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<PayableTier | null>(null);
  // The order whose checkout this tab opened, followed live: paid in the other tab, Pay Now goes.
  const [checkoutOrderId, setCheckoutOrderId] = useState<string | null>(null);
  const settled = useCheckoutSettled(checkoutOrderId);

  if (loading) return null;
  if (!user) {
    return (
      <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <p>{PAYMENT_MESSAGES.loginToPay}</p>
        {/* Back to this editor's page after logging in, to pay from there. */}
        <Link
          to={withNext('/login', location.pathname + location.search)}
          className="font-semibold text-brand-700 hover:underline"
        >
          Login
        </Link>
      </div>
    );
  }
  if (user.role !== 'creator') {
    return <p className="text-sm text-slate-600">{PAYMENT_MESSAGES.onlyCreators}</p>;
  }
  // No price: the tier card already says 'Contact for pricing'; there is nothing to pay.
  if (amount === null) return null;

  const start = async () => {
    setChecking(true);
    try {
      // SPEC.md §7: missing data means the editor is gone.
      const editor = await getEditor(editorId);
      if (!editor) throw new ApiError(404, 'gone');
      const found = editor.portfolio?.tiers.find((t) => t.title === tier);
      // The tier was removed since the page loaded: nothing to buy, but the editor is still there.
      if (!found) {
        notify.error(ORDERS.tierNotFound(tier));
        return;
      }
      // Changed since the page loaded to a range (or no price): the server would refuse it too.
      const purchase = tierPurchase(found);
      if (purchase !== 'pay') {
        notify.error(purchase === 'ask' ? ORDERS.rangeTierNotPayable : PAYMENT_MESSAGES.noPrice);
        return;
      }
      setCurrent(found);
      setOpen(true);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
        notify.error(PAYMENT_MESSAGES.editorGone);
        navigate('/portfolio');
      } else {
        notify.error(PAYMENT_MESSAGES.createFailed);
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      {!settled && (
        <Button onClick={start} disabled={checking} aria-busy={checking} className="w-full sm:w-auto">
          Pay Now
        </Button>
      )}
      {checkoutOrderId && <CheckoutFollow orderId={checkoutOrderId} />}
      {open && current && (
        <Suspense fallback={null}>
          <PaymentModal
            open={open}
            onOpenChange={setOpen}
            editorName={editorName}
            target={{ kind: 'tier', editorId, tier: current }}
            onCheckoutOpened={(order) => setCheckoutOrderId(order._id)}
          />
        </Suspense>
      )}
    </>
  );
}
