import type { TierTitle } from '@cutroom/contracts/portfolio';
import { paymentsApi } from './payments-api';

/** POST /api/payment/{editorId}/{tier}: Pay Now on a tier makes an order for it and starts its payment. */
export const createTierPayment = (
  editorId: string,
  tier: TierTitle,
  body: { phone: string; creatorNote: string },
) => paymentsApi.create(editorId, tier, body);
