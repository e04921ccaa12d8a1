import { useMutation } from '@tanstack/react-query';
import type { ReconciliationRun } from '@cutroom/contracts/reconciliation';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

export interface ReconciliationRan {
  run: ReconciliationRun;
  message: string;
}

/** POST /api/admin/reconciliation/run: a run now; 409 while one is under way. */
export const runReconciliation = () => api.post<ReconciliationRan>('/admin/reconciliation/run');

export const useRunReconciliation = (config: MutationConfig<ReconciliationRan> = {}) =>
  useMutation({ ...config, mutationFn: runReconciliation });
