/**
 * A second corpus for the contact-detail detector, written independently of it (the detector's source was
 * not read), as an attacker and as an ordinary user would write messages. Not imported by the detector.
 */
export { INDEPENDENT_EVASIONS, INDEPENDENT_EVASIONS_BY_KIND } from './independent-evasions';
export { INDEPENDENT_ORDINARY } from './independent-ordinary';
export { INDEPENDENT_SPLIT_CONVERSATIONS, INDEPENDENT_SPLIT_ORDINARY } from './independent-split';
