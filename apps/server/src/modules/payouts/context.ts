import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../lib/jobs';
import { splitGatewayFor } from '../payments';
import type { EasySplitGateway } from '../payments';
import { notifier, type Notifier } from '../notifications';
import type { PayoutTerms } from './earnings';

/** What the payout services work with; built once per server instance. */
export interface PayoutsContext {
  db: Db;
  gateway: EasySplitGateway;
  /** The AES-256-GCM key of payout details. */
  key: Buffer;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  notifier: Notifier;
  config: Config;
  terms: PayoutTerms;
}

export function payoutsContext(app: FastifyInstance, key: Buffer): PayoutsContext {
  return {
    db: app.db,
    gateway: splitGatewayFor(app),
    key,
    log: app.log,
    jobs: app.jobs,
    notifier: notifier(app),
    config: app.config,
    terms: {
      feePercent: app.config.PLATFORM_FEE_PERCENT,
      clearingSeconds: Math.round(app.config.PAYOUT_CLEARING_DAYS * app.config.ORDER_DAY_SECONDS),
      platformStateCode: app.config.PLATFORM_GSTIN.slice(0, 2),
      splitAfterSeconds: app.config.PAYOUT_SPLIT_AFTER_SECONDS,
    },
  };
}

/** Payouts are held this long after a change of payout details (not after the first entry). */
export const PAYOUT_HOLD_MS = 24 * 60 * 60 * 1000;
