import type { FastifyInstance } from 'fastify';
import { CashfreeGateway } from './cashfree';
import { SimulatorGateway } from './simulator';
import { SimulatorEasySplit } from './simulator-split';
import type { EasySplitGateway } from './split-types';
import type { PaymentGateway } from './types';

/** The gateways of one server instance, made once by the payments module's plugin and decorated on the app. */
export interface PaymentGateways {
  /** The one gateway, chosen by PAYMENT_PROVIDER. */
  payment: PaymentGateway;
  /** Easy Split of that gateway: Cashfree's, or the simulator's durable one. */
  split: EasySplitGateway;
  /** The simulator and its Easy Split, when the simulator is the gateway (tests and its pages drive it). */
  simulator: SimulatorGateway | null;
  simulatorSplits: SimulatorEasySplit | null;
}

/**
 * Makes the gateways of a server instance. Shared by the API routes and the simulator's checkout pages
 * (which live outside /api) through the app's decoration.
 */
export function createPaymentGateways(app: FastifyInstance): PaymentGateways {
  const { config } = app;
  if (config.PAYMENT_PROVIDER === 'cashfree') {
    const gateway = new CashfreeGateway({
      clientId: config.CASHFREE_CLIENT_ID!,
      clientSecret: config.CASHFREE_CLIENT_SECRET!,
      mode: config.CASHFREE_ENV,
      baseUrl: config.CASHFREE_BASE_URL,
    });
    return { payment: gateway, split: gateway, simulator: null, simulatorSplits: null };
  }
  const { simulator, splits } = simulatorWithSplits(app);
  return { payment: simulator, split: splits, simulator, simulatorSplits: splits };
}

/** The one gateway of a server instance, chosen by PAYMENT_PROVIDER. */
export function gatewayFor(app: FastifyInstance): PaymentGateway {
  return app.paymentGateways.payment;
}

/** Easy Split of the configured gateway: Cashfree's, or the simulator's durable one. */
export function splitGatewayFor(app: FastifyInstance): EasySplitGateway {
  return app.paymentGateways.split;
}

/** The simulator's Easy Split, when the simulator is the gateway (its settlement job needs it). */
export function simulatorSplitsFor(app: FastifyInstance): SimulatorEasySplit | null {
  return app.paymentGateways.simulatorSplits;
}

function simulatorWithSplits(app: FastifyInstance): {
  simulator: SimulatorGateway;
  splits: SimulatorEasySplit;
} {
  const { config } = app;
  let splits: SimulatorEasySplit | null = null;
  const simulator = new SimulatorGateway({
    secret: config.webhookSecret,
    deliver: (body, headers) => deliverToSelf(app, body, headers),
    onDeliveryError: (err) => app.log.warn({ err }, 'simulated webhook delivery failed'),
    takeRefundSplits: (orderId, refundId, list) => splits!.takeRefundSplits(orderId, refundId, list),
  });
  splits = new SimulatorEasySplit({
    db: app.db,
    // The simulated vendor schedule: an eligible balance is settled one settlement cycle later.
    settleAfterMs: () => config.SIMULATOR_SETTLEMENT_DELAY_SECONDS * 1000,
    deferMs: () => config.PAYOUT_DEFER_DAYS * config.ORDER_DAY_SECONDS * 1000,
    splitTiming: () => ({
      waitMs: config.SIMULATOR_SPLIT_WAIT_SECONDS * 1000,
      windowMs: config.SIMULATOR_SPLIT_WINDOW_HOURS * 3_600_000,
    }),
    orderPaidPaise: (orderId) => simulator.paidPaise(orderId),
    splitFacts: (orderId) => simulator.splitFacts(orderId),
    send: (payload, amountKeys) => simulator.sendWebhook(payload, amountKeys),
    reviewAfterMs: () => config.SIMULATOR_VENDOR_REVIEW_SECONDS * 1000,
  });
  return { simulator, splits };
}

/** The simulator is only an object we can drive when it is the configured gateway. */
export function simulatorFor(app: FastifyInstance): SimulatorGateway | null {
  return app.paymentGateways.simulator;
}

const WEBHOOK_PATH = '/api/payment/webhook';

/**
 * Delivers a simulated webhook the way Cashfree would: a real HTTP POST to our own listening address
 * (not PUBLIC_URL, which may be a proxy the machine cannot reach). Before the server listens, inject.
 */
async function deliverToSelf(
  app: FastifyInstance,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    const res = await fetch(`http://${host}:${address.port}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  }
  const res = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body });
  return res.statusCode;
}
