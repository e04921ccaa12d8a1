import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { reviewsApi, type AdminReviewFilter } from './reviews-api';

/** GET /api/admin/reviews: one page of every review, all, visible or hidden. */
export const getAdminReviews = (status: AdminReviewFilter, page: number, limit?: number) =>
  reviewsApi.adminList(status, page, limit);

/** Every page of every filter of the admin's list is under this key. */
export const adminReviewsKey = ['admin', 'reviews'] as const;

export const getAdminReviewsQueryKey = (status: AdminReviewFilter, page: number) =>
  [...adminReviewsKey, status, page] as const;

export const getAdminReviewsQueryOptions = (status: AdminReviewFilter, page: number, limit?: number) =>
  queryOptions({
    queryKey: getAdminReviewsQueryKey(status, page),
    queryFn: () => getAdminReviews(status, page, limit),
  });

export const useAdminReviews = (
  status: AdminReviewFilter,
  page: number,
  limit: number,
  config: QueryConfig<typeof getAdminReviewsQueryOptions> = {},
) => useQuery({ ...getAdminReviewsQueryOptions(status, page, limit), ...config });
