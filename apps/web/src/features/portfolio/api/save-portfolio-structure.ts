import { useMutation } from '@tanstack/react-query';
import type { Portfolio, PortfolioStructureInput } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

type Reply = { message: string; data: Portfolio };

/** PATCH /api/admin/editors/{editorId}/portfolio/structure: the tiers' titles, prices, features and tags. */
export const savePortfolioStructure = (editorId: string, input: PortfolioStructureInput) =>
  api.patch<Reply>(`/admin/editors/${encodeURIComponent(editorId)}/portfolio/structure`, input);

export const useSavePortfolioStructure = (
  editorId: string | undefined,
  config: MutationConfig<Reply, PortfolioStructureInput> = {},
) =>
  useMutation({
    ...config,
    mutationFn: (input: PortfolioStructureInput) => savePortfolioStructure(editorId!, input),
  });
