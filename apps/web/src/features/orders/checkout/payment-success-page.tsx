import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Ban, CheckCircle2, Clock3, HelpCircle, XCircle } from 'lucide-react';
import { paymentResultTitle, type Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth/session';
import { useOrder } from '../api/get-order';
import { paymentPlanText, PaymentStatusBadge, usePaymentGateway, usePaymentStatus } from '../../payments';
import { originForPayment, recentCheckoutOrigins, type CheckoutOrigin } from './checkout';
import { reportPurchaseOnce } from './purchase-event';
import { TestPaymentsBanner } from './test-payments-banner';
import { PAYMENT_REFERENCE_LABEL } from '@cutroom/contracts/orders';

/** While the gateway has not confirmed, ask again every 2 s for half a minute, then settle. */
const POLL_EVERY_MS = 2000;
const POLL_FOR_MS = 30_000;

const look = {
  SUCCESS: {
    icon: CheckCircle2,
    tint: 'bg-emerald-50 text-emerald-600',
    text: 'Thank you! Your payment went through. Carry on with your editor in chat.',
  },
  INITIATED: {
    icon: Clock3,
    tint: 'bg-amber-50 text-amber-600',
    text: 'We are waiting for the payment gateway to confirm your payment. This page updates by itself.',
  },
  FAILED: {
    icon: XCircle,
    tint: 'bg-red-50 text-red-600',
    text: 'The payment did not go through and nothing was charged. You can try again from the editor’s portfolio.',
  },
  unknown: {
    icon: HelpCircle,
    tint: 'bg-slate-100 text-slate-500',
    text: 'We could not find this payment. If money left your account, contact us with your order ID.',
  },
} as const;

/**
 * How a FAILED payment ended, in the page's first words: the server reads it from the gateway (a payer
 * who pressed Cancel is not told the payment failed). The way back follows.
 */
const ENDING: Record<'failed' | 'cancelled' | 'expired', string> = {
  failed: 'The payment did not go through and nothing was charged.',
  cancelled: 'You cancelled the payment; nothing was charged.',
  expired: 'The checkout expired before a payment was made; nothing was charged.',
};

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const { user, loading } = useSession();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);

  const status = usePaymentStatus(orderId, {
    enabled: Boolean(orderId && user),
    retry: false,
    refetchInterval: (query) =>
      !timedOut && query.state.data?.payment.status === 'INITIATED' ? POLL_EVERY_MS : false,
  });
  const payment = status.data?.payment;
  const gateway = usePaymentGateway({ staleTime: Infinity, retry: false });

  const origin = useCheckoutOrigin(payment);

  useEffect(() => {
    if (payment) reportPurchaseOnce(payment);
  }, [payment]);

  if (loading || (user && orderId && status.isPending)) {
    return <Spinner label="Checking your payment..." />;
  }

  const known =
    payment &&
    (payment.status === 'SUCCESS' || payment.status === 'INITIATED' || payment.status === 'FAILED');
  const kind = known ? payment.status : 'unknown';
  const outcome = status.data?.outcome;
  const ending =
    kind !== 'FAILED' ? null : outcome === 'cancelled' || outcome === 'expired' ? outcome : 'failed';
  const { icon: Icon, tint } =
    ending === 'cancelled' ? { icon: Ban, tint: 'bg-slate-100 text-slate-500' } : look[kind];
  const stillWaiting = kind === 'INITIATED' && timedOut;
  const back = ending && payment ? retryPlace(origin, payment) : null;
  const text = !user
    ? 'Please login to see this payment.'
    : stillWaiting
      ? 'Confirmation is taking longer than usual. Check Payment History in your profile in a little while.'
      : ending
        ? // Where it started is still being looked up: no advice yet rather than the wrong one.
          `${ENDING[ending]}${origin === undefined ? '' : ` ${back?.advice ?? GENERAL_ADVICE}`}`
        : look[kind].text;

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      {gateway.data?.provider === 'simulator' && <TestPaymentsBanner className="mb-4" />}
      <Card className="p-6 text-center sm:p-8">
        <span className={`mx-auto grid size-14 place-items-center rounded-full ${tint}`}>
          <Icon className="size-8" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900">
          {paymentResultTitle(payment?.status, outcome)}
        </h1>
        <p className="mt-2 text-slate-600" role="status">
          {text}
        </p>
        {payment ? <PaymentFacts payment={payment} /> : orderId && <OrderOnly orderId={orderId} />}
        <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
          {back && (
            <Link to={back.href} className={buttonClass('primary')}>
              {back.label}
            </Link>
          )}
          <Link to="/chat" className={buttonClass(back ? 'secondary' : 'primary')}>
            Go to Chat
          </Link>
          <Link to="/portfolio" className={buttonClass('secondary')}>
            Browse Portfolios
          </Link>
        </div>
      </Card>
    </div>
  );
}

/**
 * Where the checkout of this failed payment was launched (recorded by CheckoutLauncher): a chat room is
 * confirmed against the room of the payment's order, a portfolio against the payment's editor. undefined
 * while the order's room is being fetched; null when unknown (another browser, storage cleared).
 */
function useCheckoutOrigin(payment: Payment | undefined): CheckoutOrigin | null | undefined {
  const failed = payment?.status === 'FAILED';
  const origins = useMemo(() => (failed ? recentCheckoutOrigins() : []), [failed]);
  const orderId = payment?.order?._id;
  const needsRoom = Boolean(orderId) && origins.some((o) => o.kind === 'chat');
  const order = useOrder(orderId ?? '', { enabled: failed && needsRoom, retry: false, staleTime: Infinity });
  if (!payment || !failed) return null;
  const roomId = !needsRoom ? null : order.isPending ? undefined : (order.data?.data.roomId ?? null);
  return originForPayment(origins, { editorId: payment.editor._id, roomId });
}

/** Where to try again when this browser does not know where the checkout started. */
const GENERAL_ADVICE = 'You can try again from the editor’s portfolio.';

/** The way back to where the payer started, in words and as a link. */
function retryPlace(origin: CheckoutOrigin | null | undefined, payment: Payment) {
  const editor = payment.editor.username;
  if (origin?.kind === 'chat') {
    return {
      href: `/chat?roomId=${encodeURIComponent(origin.roomId)}`,
      label: 'Back to the chat',
      advice: `You can pay again from your chat with ${editor}.`,
    };
  }
  if (origin?.kind === 'portfolio') {
    return {
      href: `/portfolio/${encodeURIComponent(origin.editorId)}`,
      label: `Back to ${editor}’s portfolio`,
      advice: `You can try again from ${editor}’s portfolio.`,
    };
  }
  return null;
}

function PaymentFacts({ payment }: { payment: Payment }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 text-left text-sm">
      <dt className="text-slate-500">{PAYMENT_REFERENCE_LABEL}</dt>
      <dd className="font-mono text-xs break-all text-slate-900 sm:text-sm">{payment.orderId}</dd>
      <dt className="text-slate-500">Amount</dt>
      <dd className="font-semibold text-slate-900">{formatRupees(payment.amount)}</dd>
      <dt className="text-slate-500">Plan</dt>
      <dd className="font-semibold break-words text-slate-900" data-testid="payment-plan">
        {paymentPlanText(payment)}
      </dd>
      {/* A tier's payment names the plan above; its order's reference is what the chat shows. */}
      {payment.planType && payment.order && (
        <>
          <dt className="text-slate-500">Order</dt>
          <dd className="font-semibold break-words text-slate-900">{payment.order.reference}</dd>
        </>
      )}
      <dt className="text-slate-500">Editor</dt>
      <dd className="font-semibold text-slate-900">{payment.editor.username}</dd>
      <dt className="text-slate-500">Status</dt>
      <dd>
        <PaymentStatusBadge status={payment.status} />
      </dd>
    </dl>
  );
}

function OrderOnly({ orderId }: { orderId: string }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 rounded-xl bg-slate-50 p-4 text-left text-sm">
      <dt className="text-slate-500">{PAYMENT_REFERENCE_LABEL}</dt>
      <dd className="font-mono text-xs break-all text-slate-900 sm:text-sm">{orderId}</dd>
    </dl>
  );
}
