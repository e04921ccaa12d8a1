/**
 * The test corpus of the contact-detail detector, kept apart from the tests so the same cases can be run
 * against another version of the detector (before/after figures). Not imported by the detector.
 *
 * - EVASIONS: ways around the rule a security probe used; each must block, with the kind given.
 * - ORDINARY: what creators and editors write; each must pass, and should not be flagged either.
 * - SUSPICIOUS: hints of contact details that are not certain; each must be flagged (delivered).
 * - LOOK_BACK: a sender's earlier messages, the new message, and the verdict on the new one.
 * - GAP_*, NEAR_ORDINARY: the third probe's kinds and the ordinary messages closest to them.
 */
import type { ContactDetailKind } from '../types';
import { ADDRESS_EVASIONS } from './evasions-addresses';
import { CHARACTER_EVASIONS } from './evasions-characters';
import { NUMBER_WORD_EVASIONS } from './evasions-languages';
import { LINK_EVASIONS } from './evasions-links';

export { ORDINARY } from './ordinary';
export { GAP_EVASIONS, GAP_LOOK_BACK, GAP_SUSPICIOUS, NEAR_ORDINARY } from './evasions-gaps';
export { LOOK_BACK, SUSPICIOUS } from './suspicious';

export const EVASIONS: [string, ContactDetailKind][] = [
  ...CHARACTER_EVASIONS,
  ...NUMBER_WORD_EVASIONS,
  ...ADDRESS_EVASIONS,
  ...LINK_EVASIONS,
];
