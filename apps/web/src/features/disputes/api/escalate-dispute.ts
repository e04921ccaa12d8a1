import { disputesApi } from './disputes-api';

/** POST /api/disputes/{id}/escalate: either side sends an answered dispute to Cutroom support. */
export const escalateDispute = (disputeId: string) => disputesApi.escalate(disputeId);
