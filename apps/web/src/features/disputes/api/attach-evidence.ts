import { disputesApi } from './disputes-api';

/** POST /api/disputes/{id}/evidence: one file, with upload progress (0–1); the dispute as it is now. */
export function attachEvidence(
  disputeId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return disputesApi.attach(disputeId, form, onProgress, signal);
}

/** GET /api/disputes/{id}/evidence/{evidenceId}/file: the exact bytes, for the two sides and admins. */
export const downloadEvidence = (disputeId: string, evidenceId: string) =>
  disputesApi.file(disputeId, evidenceId);
