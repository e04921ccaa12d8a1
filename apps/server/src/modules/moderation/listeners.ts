import type { FastifyInstance } from 'fastify';
import { notifier } from '../notifications';
import { notifyFlagsToAdmins } from './admin-notices';
import { announceFlag, fileFlag } from './flags';
import { recordContactRefusal } from './refusals';

/**
 * Text that other modules delivered but found suspicious joins the queue in the writer's transaction;
 * open admin screens and the admins' notifications hear of it after the commit.
 */
export function listenForSuspectedContent(app: FastifyInstance): () => void {
  return app.events.onInTransaction(
    'content.suspected',
    async (tx, { suspicion, place }) => {
      const flagId = await fileFlag(tx, suspicion, place);
      return async () => {
        announceFlag(app.io, flagId);
        await notifyFlagsToAdmins(app.db, notifier(app), [flagId]);
      };
    },
    { by: 'moderation' },
  );
}

/** A refused text goes on record (who, where, when, the kind) for the repeat offenders' list. */
export function listenForRefusedContent(app: FastifyInstance): () => void {
  return app.events.onAfterCommit('content.refused', (refused) => recordContactRefusal(app.db, refused), {
    by: 'moderation',
  });
}
