import type { AnswerDisputeInput } from '@cutroom/contracts/disputes';
import { disputesApi } from './disputes-api';

/** POST /api/disputes/{id}/answer: the other side gives its statement and evidence, once. */
export const answerDispute = (disputeId: string, input: AnswerDisputeInput) =>
  disputesApi.answer(disputeId, input);
