import { CONTACT_DETAILS_BLOCKED_MESSAGE, assessContactDetails, type RefusalPlace } from '@cutroom/contracts';
import { HttpError } from './http-error';

/** What the detector found suspicious in a text that may still be delivered. */
export interface Suspicion {
  kind: string | null;
  reason: string;
  match: string | null;
  excerpt: string;
}

/** Where a screened text is written: the place, and the room, order or review it belongs to. */
export interface ScreenPlace {
  source: RefusalPlace;
  roomId?: string | null;
  orderId?: string | null;
  reviewId?: string | null;
}

/**
 * A text refused for contact details: SPEC.md's message to the writer, and for the record of refused
 * attempts where it was written and what the detector saw (its kind and reason — not the text).
 * `recorded` is set once the attempt is on record, so that two boundaries never record it twice.
 */
export class ContactRefused extends HttpError {
  recorded = false;
  constructor(
    readonly place: ScreenPlace,
    readonly kind: string | null,
    readonly reason: string,
  ) {
    super(400, CONTACT_DETAILS_BLOCKED_MESSAGE);
  }
}

/**
 * The one gate for text people write to each other (chat, offers, briefs, reasons, delivery notes): a
 * certain contact detail is refused with SPEC.md's message; a suspicious one passes and is returned so the
 * caller files it for review once the text is stored. `earlier` is the writer's last few messages in the
 * same room, oldest first, so a number or address split across messages is seen whole.
 */
export function screenText(place: ScreenPlace, text: string, earlier?: readonly string[]): Suspicion | null {
  const verdict = assessContactDetails(text, earlier?.length ? { earlier } : undefined);
  if (verdict.verdict === 'block') {
    throw new ContactRefused(place, verdict.kind, verdict.reason ?? 'Contact details');
  }
  if (verdict.verdict === 'allow') return null;
  return {
    kind: verdict.kind,
    reason: verdict.reason ?? 'Possible contact details',
    match: verdict.match,
    excerpt: text,
  };
}

/** Every text screened; the first suspicion, if any (the excerpt joins the texts for the reviewer). */
export function screenTexts(place: ScreenPlace, ...texts: (string | null | undefined)[]): Suspicion | null {
  let first: Suspicion | null = null;
  for (const text of texts) {
    if (!text) continue;
    const found = screenText(place, text);
    first ??= found;
  }
  if (!first) return null;
  return { ...first, excerpt: texts.filter(Boolean).join('\n\n') };
}

/**
 * The same gate for text everyone can read (reviews, the editor's reply): it cannot be delivered first
 * and looked at later, so a suspicious text is refused as well.
 */
export function screenPublicText(place: ScreenPlace, text: string | null | undefined): void {
  if (!text) return;
  const suspicion = screenText(place, text);
  if (suspicion) throw new ContactRefused(place, suspicion.kind, suspicion.reason);
}
