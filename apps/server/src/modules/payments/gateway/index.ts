import type { FastifyInstance } from 'fastify';
import { CashfreeGateway } from './cashfree';
import { SimulatorGateway } from './simulator';
import { SimulatorEasySplit } from './simulator-split';
import type { EasySplitGateway } from './split-types';
import type { PaymentGateway } from './types';

const gateways = new WeakMap<object, PaymentGateway>();

/**
 * The one gateway of a server instance, chosen by PAYMENT_PROVIDER. Shared by the API routes and the
 * simulator's checkout pages (which live outside /api), so it is keyed by the HTTP server they share.
 */
export function gatewayFor(app: FastifyInstance): PaymentGateway {
  const existing = gateways.get(app.server);
  if (existing) return existing;
  const { config } = app;
  const gateway: PaymentGateway =
    config.PAYMENT_PROVIDER === 'cashfree'
      ? new CashfreeGateway({
          clientId: config.CASHFREE_CLIENT_ID!,
          clientSecret: config.CASHFREE_CLIENT_SECRET!,
          mode: config.CASHFREE_ENV,
          baseUrl: config.CASHFREE_BASE_URL,
        })
      : simulatorWithSplits(app);
  gateways.set(app.server, gateway);
  return gateway;
}

const splitGateways = new WeakMap<object, EasySplitGateway>();

/** Easy Split of the configured gateway: Cashfree's, or the simulator's durable one. */
export function splitGatewayFor(app: FastifyInstance): EasySplitGateway {
  const gateway = gatewayFor(app);
  if (gateway instanceof CashfreeGateway) return gateway;
  return splitGateways.get(app.server)!;
}

/** The simulator's Easy Split, when the simulator is the gateway (its settlement job needs it). */
export function simulatorSplitsFor(app: FastifyInstance): SimulatorEasySplit | null {
  gatewayFor(app);
  const splits = splitGateways.get(app.server);
  return splits instanceof SimulatorEasySplit ? splits : null;
}

function simulatorWithSplits(app: FastifyInstance): SimulatorGateway {
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
    // The simulated vendor schedule: a split is settled one settlement cycle after our clearing period.
    settleAfterMs: () =>
      (config.PAYOUT_CLEARING_DAYS * config.ORDER_DAY_SECONDS + config.SIMULATOR_SETTLEMENT_DELAY_SECONDS) *
      1000,
    orderPaidPaise: (orderId) => simulator.paidPaise(orderId),
    send: (payload, amountKeys) => simulator.sendWebhook(payload, amountKeys),
  });
  splitGateways.set(app.server, splits);
  return simulator;
}

/** The simulator is only an object we can drive when it is the configured gateway. */
export function simulatorFor(app: FastifyInstance): SimulatorGateway | null {
  const gateway = gatewayFor(app);
  return gateway instanceof SimulatorGateway ? gateway : null;
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
