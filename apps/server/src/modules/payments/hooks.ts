import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TierTitle } from '@cutroom/contracts';

/** A payment became SUCCESS (exactly once per payment). */
export interface PaymentSucceededEvent {
  paymentId: string;
  orderId: string;
  creatorId: string;
  editorId: string;
  amountPaise: number;
  planType: TierTitle;
}

/** A refund of a payment reached SUCCESS; `fullyRefunded` once nothing of the payment is kept. */
export interface PaymentRefundedEvent {
  paymentId: string;
  orderId: string;
  creatorId: string;
  editorId: string;
  amountPaise: number;
  refundId: string;
  refundAmountPaise: number;
  /** All successful refunds of the payment so far. */
  refundedPaise: number;
  fullyRefunded: boolean;
}

type Listener<E> = (event: E) => void | Promise<void>;

/** In-process listeners of one server instance; other modules react to payments through these. */
export class PaymentHooks {
  private readonly succeeded: Listener<PaymentSucceededEvent>[] = [];
  private readonly refunded: Listener<PaymentRefundedEvent>[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  onSucceeded(listener: Listener<PaymentSucceededEvent>): () => void {
    return add(this.succeeded, listener);
  }

  onRefunded(listener: Listener<PaymentRefundedEvent>): () => void {
    return add(this.refunded, listener);
  }

  /** Runs after the change is committed; a failing listener is logged and never undoes the payment. */
  async emitSucceeded(event: PaymentSucceededEvent): Promise<void> {
    await run(this.succeeded, event, this.log, 'payment succeeded');
  }

  async emitRefunded(event: PaymentRefundedEvent): Promise<void> {
    await run(this.refunded, event, this.log, 'payment refunded');
  }
}

function add<E>(list: Listener<E>[], listener: Listener<E>): () => void {
  list.push(listener);
  return () => {
    const i = list.indexOf(listener);
    if (i >= 0) list.splice(i, 1);
  };
}

async function run<E>(list: Listener<E>[], event: E, log: FastifyBaseLogger, what: string): Promise<void> {
  const results = await Promise.allSettled([...list].map(async (l) => l(event)));
  for (const r of results) {
    if (r.status === 'rejected') log.error({ err: r.reason }, `a "${what}" listener failed`);
  }
}

const registry = new WeakMap<object, PaymentHooks>();

/** The hooks of the server instance `app` belongs to (shared by every plugin context of it). */
export function paymentHooks(app: FastifyInstance): PaymentHooks {
  let hooks = registry.get(app.server);
  if (!hooks) {
    hooks = new PaymentHooks(app.log);
    registry.set(app.server, hooks);
  }
  return hooks;
}

/** Subscribe to payments becoming SUCCESS. Returns an unsubscribe function. */
export function onPaymentSucceeded(app: FastifyInstance, listener: Listener<PaymentSucceededEvent>) {
  return paymentHooks(app).onSucceeded(listener);
}

/** Subscribe to refunds reaching SUCCESS (check `fullyRefunded`). Returns an unsubscribe function. */
export function onPaymentRefunded(app: FastifyInstance, listener: Listener<PaymentRefundedEvent>) {
  return paymentHooks(app).onRefunded(listener);
}
