import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { gatewayFor } from './gateway';
import type { PaymentGateway } from './gateway/types';
import type { AppEvents } from '../../events';
import type { PayoutPorts } from './hooks';

/** What the payment services work with; built from the server instance, passed explicitly. */
export interface PaymentsContext {
  db: Db;
  gateway: PaymentGateway;
  /** Answers payouts plugs in (refund splits, vendor settlements). */
  hooks: PayoutPorts;
  events: AppEvents;
  log: FastifyBaseLogger;
  config: Config;
}

export function paymentsContext(app: FastifyInstance): PaymentsContext {
  return {
    db: app.db,
    gateway: gatewayFor(app),
    hooks: app.payoutPorts,
    events: app.events,
    log: app.log,
    config: app.config,
  };
}
