import { CONTACT_DETAILS_BLOCKED_MESSAGE, assessContactDetails } from '@cutroom/contracts';
import { badRequest } from './http-error';

/** What the detector found suspicious in a text that may still be delivered. */
export interface Suspicion {
  kind: string | null;
  reason: string;
  match: string | null;
  excerpt: string;
}

/**
 * The one gate for text people write to each other (chat, offers, briefs, reasons, delivery notes): a
 * certain contact detail is refused with SPEC.md's message; a suspicious one passes and is returned so the
 * caller files it for review once the text is stored. `earlier` is the writer's last few messages in the
 * same room, oldest first, so a number or address split across messages is seen whole.
 */
export function screenText(text: string, earlier?: readonly string[]): Suspicion | null {
  const verdict = assessContactDetails(text, earlier?.length ? { earlier } : undefined);
  if (verdict.verdict === 'block') throw badRequest(CONTACT_DETAILS_BLOCKED_MESSAGE);
  if (verdict.verdict === 'allow') return null;
  return {
    kind: verdict.kind,
    reason: verdict.reason ?? 'Possible contact details',
    match: verdict.match,
    excerpt: text,
  };
}

/** Every text screened; the first suspicion, if any (the excerpt joins the texts for the reviewer). */
export function screenTexts(...texts: (string | null | undefined)[]): Suspicion | null {
  let first: Suspicion | null = null;
  for (const text of texts) {
    if (!text) continue;
    const found = screenText(text);
    first ??= found;
  }
  if (!first) return null;
  return { ...first, excerpt: texts.filter(Boolean).join('\n\n') };
}
