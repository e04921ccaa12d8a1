import type { OpenDisputeInput } from '@cutroom/contracts/disputes';
import { disputesApi } from './disputes-api';

/** POST /api/orders/{orderId}/dispute: either side opens one, citing messages and deliveries. */
export const openDispute = (orderId: string, input: OpenDisputeInput) => disputesApi.open(orderId, input);
