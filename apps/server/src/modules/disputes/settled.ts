import type { AppEvents } from '../../events';
import type { DisputeService } from './service';
import { moveDispute } from './states';

/**
 * The sides ended an open dispute themselves (orders unfroze the order with `settled`): the dispute is
 * recorded settled in that same transaction, and the screens hear of it after (the step that settled it
 * sends its own notices). Returns the unsubscribe function.
 */
export function followSettledDisputes(events: AppEvents, service: DisputeService): () => void {
  return events.onInTransaction(
    'order.dispute_closed',
    async (tx, event) => {
      if (event.how !== 'settled') return;
      const row = await moveDispute(tx, event.disputeId, 'settled');
      if (row) return async () => service.screensHear(row, event.order);
    },
    { by: 'disputes' },
  );
}
