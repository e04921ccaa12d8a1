import type { FastifyInstance } from 'fastify';
import { firstAdminStep } from '../modules/auth/first-admin';
import { ordersBackfillStep } from '../modules/orders/backfill';
import { portfolioDemoStep } from '../modules/portfolio/demo-seed';

/** A demo-data step: idempotent, so it may run on every start and only fills what is missing. */
export interface SeedStep {
  name: string;
  run(app: FastifyInstance): Promise<void>;
}

/** Steps that always run (e.g. the first admin), whatever SEED_DEMO says. */
export const bootstrapSteps: SeedStep[] = [firstAdminStep, ordersBackfillStep];
/** Demo data, only with SEED_DEMO. Later modules append their steps in order. */
export const demoSteps: SeedStep[] = [portfolioDemoStep];

export async function runSeeds(app: FastifyInstance): Promise<void> {
  const steps = [...bootstrapSteps, ...(app.config.seedDemo ? demoSteps : [])];
  for (const step of steps) {
    const started = Date.now();
    await step.run(app);
    app.log.debug({ step: step.name, ms: Date.now() - started }, 'seed step done');
  }
}
