import type { ContactRefusalReport } from '@cutroom/contracts/moderation';
import { api } from './api';

/**
 * The page refused a text itself (contact details): the server is told, screens the text again with its
 * own detector and puts the attempt on record for admins — the text is read there and dropped. Best
 * effort: the person already sees the refusal, so the answer (400 when refused) is never shown.
 */
export function reportRefusal(report: ContactRefusalReport): void {
  void api.post('/contact-refusals', report).catch(() => undefined);
}
