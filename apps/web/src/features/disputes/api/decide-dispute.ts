import type { DecideDisputeInput } from '@cutroom/contracts/disputes';
import { disputesApi } from './disputes-api';

/** POST /api/admin/disputes/{id}/decide: an admin decides a dispute with Cutroom support, once. */
export const decideDispute = (disputeId: string, input: DecideDisputeInput) =>
  disputesApi.decide(disputeId, input);
