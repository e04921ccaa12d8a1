import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { gatewayFor } from './gateway';
import type { PaymentGateway } from './gateway/types';
import type { AppEvents } from '../../events';
import type { PayoutPorts } from './hooks';
import type { StatusChecks } from './status-checks';
import { notifier, type Notifier } from '../notifications';

/** What the payment services work with; built once per server instance, passed explicitly. */
export interface PaymentsContext {
  db: Db;
  gateway: PaymentGateway;
  /** Answers payouts plugs in (refund splits, vendor settlements). */
  hooks: PayoutPorts;
  events: AppEvents;
  log: FastifyBaseLogger;
  config: Config;
  /** The gateway's answers about orders asked a moment ago, on this instance (see reconcileAtMostEvery). */
  statusChecks: StatusChecks;
  /** Marks a side's notices of an order read when they open its payment's page. */
  notices: Pick<Notifier, 'markReadFor'>;
}

/** Makes the payments context of a server instance; the payments module's plugin does it once. */
export function createPaymentsContext(app: FastifyInstance): PaymentsContext {
  return {
    db: app.db,
    gateway: gatewayFor(app),
    hooks: app.payoutPorts,
    events: app.events,
    log: app.log,
    config: app.config,
    statusChecks: new Map(),
    notices: notifier(app),
  };
}

/** The payments context of a running app (decorated by the payments module's plugin). */
export function paymentsContext(app: FastifyInstance): PaymentsContext {
  return app.payments;
}
