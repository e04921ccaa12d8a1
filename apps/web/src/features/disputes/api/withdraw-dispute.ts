import { disputesApi } from './disputes-api';

/** POST /api/disputes/{id}/withdraw: the side that opened it takes it back; the order goes on. */
export const withdrawDispute = (disputeId: string) => disputesApi.withdraw(disputeId);
