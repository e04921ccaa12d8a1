import type {
  EarningsPage,
  EarningsSummary,
  PayoutAccount,
  PayoutDetailsInput,
} from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';

export interface SavePayoutDetailsReply {
  payoutAccount: PayoutAccount;
  message: string;
}

/** The signed-in editor's earnings calls (issue 16): others get 403. */
export const earningsApi = {
  summary: () => api.get<EarningsSummary>('/earnings'),
  /** Newest first; `cursor` is the previous page's `nextCursor`. */
  orders: (cursor?: string) =>
    api.get<EarningsPage>(`/earnings/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  savePayoutDetails: (body: PayoutDetailsInput) =>
    api.put<SavePayoutDetailsReply>('/earnings/payout-details', body),
};

export const earningsKeys = {
  all: ['earnings'] as const,
  summary: ['earnings', 'summary'] as const,
  orders: ['earnings', 'orders'] as const,
};
