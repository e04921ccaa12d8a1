import type { PayoutDetails } from '@cutroom/contracts';
import { loadSealingKey, openJson, sealJson } from '../../lib/sealing';

/** The key of payout details (and of tax identifiers): lib/sealing.ts. */
export const loadPayoutKey = loadSealingKey;

/** Sealed with the editor's id bound in. */
export const sealDetails = (key: Buffer, editorId: string, details: PayoutDetails): string =>
  sealJson(key, editorId, details);

/** Throws when the data was changed, sealed for another editor, or with another key. */
export const openDetails = (key: Buffer, editorId: string, sealed: string): PayoutDetails =>
  openJson<PayoutDetails>(key, editorId, sealed);
