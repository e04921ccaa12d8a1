import type { AppNotification } from '@cutroom/contracts/notifications';

/** A bell line with plausible defaults; tests state only what they are about. */
export function aLine(over: Partial<AppNotification> & { _id: string }): AppNotification {
  return {
    kind: 'order_paid',
    title: 'Order paid',
    body: 'CR-10482 · Wedding teaser is paid.',
    link: '/profile/orders',
    roomId: null,
    orderId: null,
    read: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

type Handler = (...args: any[]) => void;

/**
 * Stands in for the tab's socket in tests: `on`/`off` as socket.io's, and `emit` delivers to the listeners
 * as if the server had pushed the event.
 */
export class FakeSocket {
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const h of [...(this.handlers.get(event) ?? [])]) h(...args);
    return true;
  }
  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
}
