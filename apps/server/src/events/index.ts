/** Typed domain events: the one way a module reacts to another's changes (see ARCHITECTURE.md). */
import type { DomainEvents as Bus } from './bus';
import type { DomainEventMap } from './map';

export { DomainEvents, runAfterCommit } from './bus';
export type { AfterCommit, AfterCommitListener, InTransactionListener, ListenerOptions } from './bus';
export type * from './map';

/** The bus of a Cutroom server: `app.events`. */
export type AppEvents = Bus<DomainEventMap>;
