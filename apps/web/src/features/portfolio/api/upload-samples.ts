import { useMutation } from '@tanstack/react-query';
import type { Portfolio } from '@cutroom/contracts/portfolio';
import type { MutationConfig } from '../../../lib/react-query';
import { sendFormWithProgress } from '../../../lib/upload';

/** PATCH …/portfolio/samples with upload progress: `onProgress` receives 0–1 as bytes leave the browser. */
export const uploadSamples = (editorId: string, form: FormData, onProgress: (fraction: number) => void) =>
  sendFormWithProgress<{ message: string; data: Portfolio }>(
    'PATCH',
    `/admin/editors/${encodeURIComponent(editorId)}/portfolio/samples`,
    form,
    onProgress,
  );

/** Sends the form `build` makes when the mutation runs; `onProgress` follows the upload. */
export const useUploadSamples = (
  editorId: string | undefined,
  build: () => FormData,
  onProgress: (fraction: number) => void,
  config: MutationConfig<{ message: string; data: Portfolio }> = {},
) => useMutation({ ...config, mutationFn: () => uploadSamples(editorId!, build(), onProgress) });
