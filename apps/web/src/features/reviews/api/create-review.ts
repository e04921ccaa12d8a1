import { useMutation } from '@tanstack/react-query';
import type { Review, ReviewInput } from '@cutroom/contracts/reviews';
import type { MutationConfig } from '../../../lib/react-query';
import { reviewsApi } from './reviews-api';

/** POST /api/orders/{orderId}/review: the creator reviews their completed order (once, within 30 days). */
export const createReview = (orderId: string, body: ReviewInput) => reviewsApi.create(orderId, body);

export const useCreateReview = (
  orderId: string,
  config: MutationConfig<{ message: string; data: Review }, ReviewInput> = {},
) => useMutation({ ...config, mutationFn: (body: ReviewInput) => createReview(orderId, body) });
