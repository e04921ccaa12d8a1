import { Upload } from 'tus-js-client';
import type { OrderFileKind } from '@cutroom/contracts/order-files';
import { tokenStore } from '../../../lib/api';
import { refusalOf, retryable, RETRY_DELAYS, UPLOAD_CHUNK_BYTES } from '../utils/tus-options';

/**
 * One file to an order through a resumable upload (tus at /api/uploads), as a promise: progress 0–1,
 * `signal` stops it (the bytes sent stay on the server, and choosing the same file again resumes). A
 * network that drops is retried; a refusal rejects with the server's words.
 */
export function uploadOrderFile(opts: {
  file: File;
  orderId: string;
  kind: OrderFileKind;
  note?: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const { file, orderId, kind, note, onProgress, signal } = opts;
  const token = tokenStore.get();
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: '/api/uploads',
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      metadata: { orderId, kind, filename: file.name, filetype: file.type, ...(note ? { note } : {}) },
      onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      onSuccess: () => resolve(),
      onError: (err) => reject(new Error(refusalOf(err))),
      onShouldRetry: retryable,
    });
    signal?.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
