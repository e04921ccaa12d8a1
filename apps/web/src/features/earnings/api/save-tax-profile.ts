import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxProfile, TaxProfileInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import { getTaxProfileQueryKey, type TaxProfileReply } from './get-tax-profile';

export interface SaveTaxProfileReply {
  taxProfile: TaxProfile;
  message: string;
}

/**
 * PUT /api/earnings/tax-profile. For PAN, Aadhaar and GSTIN a string sets the value, `null` removes it and
 * a missing key keeps the stored one.
 */
export const saveTaxProfile = (body: TaxProfileInput) =>
  api.put<SaveTaxProfileReply>('/earnings/tax-profile', body);

/** Saves the tax profile; the reply (masked only) replaces the cached profile. */
export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxProfile,
    onSuccess: (reply) => {
      queryClient.setQueryData<TaxProfileReply>(getTaxProfileQueryKey(), { taxProfile: reply.taxProfile });
    },
  });
}
