import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxProfile } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import { earningsKey } from './keys';

export interface TaxProfileReply {
  taxProfile: TaxProfile | null;
}

/** GET /api/earnings/tax-profile: the editor's tax profile, identifiers masked; null until saved once. */
export const getTaxProfile = () => api.get<TaxProfileReply>('/earnings/tax-profile');

export const getTaxProfileQueryKey = () => [...earningsKey, 'tax-profile'] as const;

export const getTaxProfileQueryOptions = () =>
  queryOptions({ queryKey: getTaxProfileQueryKey(), queryFn: () => getTaxProfile() });

export const useTaxProfile = () => useQuery(getTaxProfileQueryOptions());
