import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { gatewayFor } from './gateway';
import type { PaymentGateway } from './gateway/types';
import { paymentHooks, type PaymentHooks } from './hooks';

/** What the payment services work with; built from the server instance, passed explicitly. */
export interface PaymentsContext {
  db: Db;
  gateway: PaymentGateway;
  hooks: PaymentHooks;
  log: FastifyBaseLogger;
  config: Config;
}

export function paymentsContext(app: FastifyInstance): PaymentsContext {
  return {
    db: app.db,
    gateway: gatewayFor(app),
    hooks: paymentHooks(app),
    log: app.log,
    config: app.config,
  };
}
