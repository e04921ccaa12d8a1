import type { AppEvents } from '../events';
import { ContactRefused } from './contact-screen';

/**
 * Puts a refused attempt on record: announces `content.refused` (moderation stores who, where, when and
 * the kind) once per attempt. Called where a refusal leaves the server — the error handler for HTTP, the
 * chat service for sockets — with the person who tried. Anything else passes through untouched. The
 * bus logs a failing listener: a record that cannot be written never changes the writer's answer.
 */
export async function recordRefusal(events: AppEvents, error: unknown, authorId: string): Promise<void> {
  if (!(error instanceof ContactRefused) || error.recorded) return;
  error.recorded = true;
  await events.emitAfterCommit('content.refused', {
    authorId,
    place: error.place,
    kind: error.kind,
    reason: error.reason,
  });
}
