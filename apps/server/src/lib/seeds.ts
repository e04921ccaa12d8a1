import type { FastifyInstance } from 'fastify';

/** A start-up data step: idempotent, so it may run on every start and only fills what is missing. */
export interface SeedStep {
  name: string;
  run(app: FastifyInstance): Promise<void>;
}

/**
 * The start-up steps of one server (`app.seeds`). Each module adds its own while it registers, so this
 * list imports no module; they run once every module is registered, bootstrap steps first.
 */
export class SeedSteps {
  /** Steps that always run (the first admin), whatever SEED_DEMO says. */
  readonly bootstrap: SeedStep[] = [];
  /** Demo data, only with SEED_DEMO. */
  readonly demo: SeedStep[] = [];

  addBootstrap(step: SeedStep): void {
    this.bootstrap.push(step);
  }

  addDemo(step: SeedStep): void {
    this.demo.push(step);
  }

  async run(app: FastifyInstance, withDemo: boolean): Promise<void> {
    for (const step of [...this.bootstrap, ...(withDemo ? this.demo : [])]) {
      const started = Date.now();
      await step.run(app);
      app.log.debug({ step: step.name, ms: Date.now() - started }, 'seed step done');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    seeds: SeedSteps;
  }
}
