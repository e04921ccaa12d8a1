import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Cashfree } from '@cashfreepayments/cashfree-js';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  CREATOR_NOTE_MAX,
  PAYMENT_MESSAGES,
  paymentSessionIdOf,
  phoneSchema,
  type CreatePaymentReply,
} from '@cutroom/contracts/payments';
import { PHONE_INPUT_MAX } from '@cutroom/contracts/phone';
import { tierTerms } from '@cutroom/contracts/orders';
import type { Tier } from '@cutroom/contracts/portfolio';
import { formatRupees } from '@cutroom/contracts/price';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api';
import { ordersKey } from '../api/orders-api';
import { payOrder } from '../api/pay-order';
import { createTierPayment, usePaymentGateway } from '../../payments';
import { CheckoutLauncher, loadCashfree } from './checkout';
import { OrderPaymentSummary, TierPurchaseSummary, type PayableOrder } from './payment-summary';
import { TestPaymentsBanner } from './test-payments-banner';

const formSchema = z.object({
  phone: phoneSchema,
  creatorNote: z
    .string()
    .trim()
    .max(CREATOR_NOTE_MAX, `The note must be at most ${CREATOR_NOTE_MAX} characters`),
});
type PaymentForm = z.infer<typeof formSchema>;

/**
 * What is being paid for. A tier (Pay Now on a portfolio) creates an order for that tier on the server;
 * an order agreed in the chat is paid as it stands.
 */
export type PaymentTarget =
  | {
      kind: 'tier';
      editorId: string;
      tier: Pick<Tier, 'title' | 'features' | 'pricing' | 'deliveryDays' | 'revisions'>;
    }
  | { kind: 'order'; order: PayableOrder };

export interface PaymentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editorName: string;
  target: PaymentTarget;
  /** The checkout opened in another tab for this order: the caller follows it live. */
  onCheckoutOpened?: (order: CreatePaymentReply['order']) => void;
}

/** SPEC.md §4: open → submit → processing → checkout in a new tab → closes with a toast. */
export function PaymentModal(props: PaymentModalProps) {
  const { open, onOpenChange, target } = props;
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const gateway = usePaymentGateway({ staleTime: Infinity, enabled: open });
  const sdk = useCashfreeSdk(open && gateway.data?.provider === 'cashfree' ? gateway.data.mode : null);
  const form = useForm<PaymentForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { phone: '', creatorNote: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) form.reset({ phone: '', creatorNote: '' });
  }, [open, form]);

  const terms = target.kind === 'tier' ? tierTerms(target.tier) : null;
  // A tier without a price has nothing to pay (the server refuses it too).
  const amount = target.kind === 'order' ? target.order.amount : (terms?.amount ?? null);

  const createPayment = (values: PaymentForm): Promise<CreatePaymentReply> =>
    target.kind === 'order'
      ? payOrder(target.order._id, values)
      : createTierPayment(target.editorId, target.tier.title, values);

  const onSubmit = form.handleSubmit(async (values) => {
    const provider = gateway.data?.provider;
    if (provider === 'cashfree' && sdk.state === 'failed') {
      notify.error(PAYMENT_MESSAGES.gatewayUnavailable);
      return;
    }
    const launcher = new CheckoutLauncher(provider, sdk.cashfree);
    launcher.reserveTab();
    setProcessing(true);
    try {
      let reply: CreatePaymentReply;
      try {
        reply = await createPayment(values);
      } catch (err) {
        launcher.cancel();
        toast.error(errorMessage(err, PAYMENT_MESSAGES.createFailed));
        // 409: paid meanwhile (another tab, the other device) or no longer payable: the order screens
        // catch up and this modal has nothing left to do.
        if (err instanceof ApiError && err.status === 409) {
          void queryClient.invalidateQueries({ queryKey: ordersKey });
          onOpenChange(false);
        }
        return;
      }
      const sessionId = paymentSessionIdOf(reply);
      if (!sessionId) {
        launcher.cancel();
        notify.error(PAYMENT_MESSAGES.invalidReply);
        return;
      }
      const launched = await launcher.launch(
        sessionId,
        reply.provider ?? provider ?? 'cashfree',
        reply.mode ?? gateway.data?.mode ?? 'production',
      );
      if (!launched.launched) {
        // The order exists and stays payable: Pay Now again hands back this payment.
        notify.error(launched.message);
        void queryClient.invalidateQueries({ queryKey: ordersKey });
        return;
      }
      toast.success(PAYMENT_MESSAGES.checkoutLaunched);
      props.onCheckoutOpened?.(reply.order);
      // Pay Now made (or reused) an order: the chat's order lists show it.
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      onOpenChange(false);
    } catch {
      launcher.cancel();
      notify.error(PAYMENT_MESSAGES.createFailed);
    } finally {
      setProcessing(false);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !processing && onOpenChange(next)}
      title="Complete your payment"
      description="You pay through our secure payment partner; checkout opens in a new tab."
    >
      {gateway.data?.provider === 'simulator' && <TestPaymentsBanner className="mb-4" />}
      {target.kind === 'order' ? (
        <OrderPaymentSummary editorName={props.editorName} order={target.order} />
      ) : terms ? (
        <TierPurchaseSummary editorName={props.editorName} tier={target.tier.title} terms={terms} />
      ) : null}
      {amount === null ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {PAYMENT_MESSAGES.noPrice}
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label="Payment details">
          <Field
            label="Phone number"
            error={errors.phone?.message}
            hint="Indian mobile number, with or without +91, for the payment receipt"
          >
            {(id) => (
              <Input
                id={id}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                maxLength={PHONE_INPUT_MAX}
                placeholder="98765 43210"
                aria-invalid={Boolean(errors.phone)}
                {...form.register('phone')}
              />
            )}
          </Field>
          <Field label="Note for your order (optional)" error={errors.creatorNote?.message}>
            {(id) => (
              <Textarea
                id={id}
                rows={3}
                maxLength={CREATOR_NOTE_MAX}
                placeholder="Anything we should know about this order"
                {...form.register('creatorNote')}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={processing}>
              Cancel
            </Button>
            <Button type="submit" disabled={processing} aria-busy={processing}>
              {processing ? 'Processing...' : `Pay ${formatRupees(amount)}`}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

type SdkState = { state: 'idle' | 'loading' | 'ready' | 'failed'; cashfree: Cashfree | null };

/** Loads Cashfree.js as soon as the modal opens, so the click that pays can open its checkout at once. */
function useCashfreeSdk(mode: 'sandbox' | 'production' | null): SdkState {
  const [sdk, setSdk] = useState<SdkState>({ state: 'idle', cashfree: null });
  useEffect(() => {
    if (!mode) return;
    let live = true;
    setSdk({ state: 'loading', cashfree: null });
    loadCashfree(mode).then((cashfree) => {
      if (live) setSdk(cashfree ? { state: 'ready', cashfree } : { state: 'failed', cashfree: null });
    });
    return () => {
      live = false;
    };
  }, [mode]);
  return sdk;
}
