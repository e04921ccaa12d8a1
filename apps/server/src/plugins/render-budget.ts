import { LRUCache } from 'lru-cache';

/**
 * How much server rendering one visitor, and everyone at once, may ask for. A rendered page costs tens of
 * milliseconds of CPU where the plain page cost nothing, so past the budget a visitor gets the plain page
 * (the browser renders it, as before server rendering) rather than an error: crawlers and people always
 * get a working page, and a flood of page requests cannot take the server's CPU from the API.
 */
export class RenderBudget {
  private inFlight = 0;
  private readonly recent: LRUCache<string, { count: number }>;

  constructor(
    private readonly limits: { perVisitorPerMinute: number; atOnce: number; visitorsTracked?: number },
  ) {
    this.recent = new LRUCache({ max: limits.visitorsTracked ?? 10_000, ttl: 60_000 });
  }

  /** True when a render may start (then `done` must be called once it ends). */
  take(visitor: string): boolean {
    if (this.inFlight >= this.limits.atOnce) return false;
    const seen = this.recent.get(visitor);
    if (seen && seen.count >= this.limits.perVisitorPerMinute) return false;
    // The window starts with the visitor's first render and is not extended by later ones.
    if (seen) seen.count += 1;
    else this.recent.set(visitor, { count: 1 });
    this.inFlight += 1;
    return true;
  }

  done(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }
}
