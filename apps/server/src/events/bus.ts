import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** Work a listener asks to run once the transaction it took part in has committed. */
export type AfterCommit = () => Promise<void>;

/** Runs inside the emitter's transaction: what it writes commits with the change or not at all. */
export type InTransactionListener<E> = (tx: Db, event: E) => Promise<AfterCommit | void>;

/** Runs after the change committed; a failure is logged and never undoes the change. */
export type AfterCommitListener<E> = (event: E) => void | Promise<void>;

export interface ListenerOptions {
  /**
   * Lower runs first (default 0). Only for listeners whose order matters, and then it is said here,
   * beside the listener, never implied by the order in which modules register.
   */
  order?: number;
  /** Who listens, for logs and for the test that lists every subscription. */
  by: string;
}

interface Entry<L> {
  listener: L;
  order: number;
  by: string;
}

/**
 * The typed domain events of one server instance (`app.events`): modules announce what happened to
 * their own records, and other modules react, without the announcer importing them.
 */
export class DomainEvents<M extends object> {
  private readonly inTransaction = new Map<keyof M, Entry<InTransactionListener<never>>[]>();
  private readonly afterCommit = new Map<keyof M, Entry<AfterCommitListener<never>>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Reacts inside the transaction that made the change. Returns an unsubscribe function. */
  onInTransaction<K extends keyof M>(
    name: K,
    listener: InTransactionListener<M[K]>,
    options: ListenerOptions,
  ): () => void {
    return add(this.inTransaction, name, { listener, order: options.order ?? 0, by: options.by });
  }

  /** Reacts once the change has committed. Returns an unsubscribe function. */
  onAfterCommit<K extends keyof M>(
    name: K,
    listener: AfterCommitListener<M[K]>,
    options: ListenerOptions,
  ): () => void {
    return add(this.afterCommit, name, { listener, order: options.order ?? 0, by: options.by });
  }

  /**
   * Inside the emitter's transaction, in listener order; a failing listener fails the transaction.
   * Returns the work the listeners left for after the commit: the emitter runs it (`runAfterCommit`).
   */
  async emitInTransaction<K extends keyof M>(tx: Db, name: K, event: M[K]): Promise<AfterCommit[]> {
    const after: AfterCommit[] = [];
    for (const entry of this.inTransaction.get(name) ?? []) {
      const then = await (entry.listener as InTransactionListener<M[K]>)(tx, event);
      if (then) after.push(then);
    }
    return after;
  }

  /** After the commit: every listener runs, in order; failures are logged, not thrown. */
  async emitAfterCommit<K extends keyof M>(name: K, event: M[K]): Promise<void> {
    for (const entry of this.afterCommit.get(name) ?? []) {
      try {
        await (entry.listener as AfterCommitListener<M[K]>)(event);
      } catch (err) {
        this.log.error({ err, event: String(name), listener: entry.by }, 'a domain event listener failed');
      }
    }
  }

  /** Every subscription, for the architecture test and for debugging. */
  subscriptions(): { event: string; phase: 'in-transaction' | 'after-commit'; by: string; order: number }[] {
    const list = (phase: 'in-transaction' | 'after-commit', map: Map<keyof M, Entry<unknown>[]>) =>
      [...map].flatMap(([event, entries]) =>
        entries.map((e) => ({ event: String(event), phase, by: e.by, order: e.order })),
      );
    return [...list('in-transaction', this.inTransaction), ...list('after-commit', this.afterCommit)];
  }
}

/** Runs after-commit work in order; a failure is logged and the rest still runs. */
export async function runAfterCommit(work: AfterCommit[], log: FastifyBaseLogger): Promise<void> {
  for (const then of work) {
    try {
      await then();
    } catch (err) {
      log.error({ err }, 'after-commit work failed');
    }
  }
}

function add<K, L>(map: Map<K, Entry<L>[]>, name: K, entry: Entry<L>): () => void {
  const list = map.get(name) ?? [];
  // Stable: equal orders keep their subscription order.
  const at = list.findIndex((e) => e.order > entry.order);
  if (at < 0) list.push(entry);
  else list.splice(at, 0, entry);
  map.set(name, list);
  return () => {
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
  };
}
