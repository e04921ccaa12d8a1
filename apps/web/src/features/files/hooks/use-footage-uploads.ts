import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'tus-js-client';
import { tokenStore } from '../../../lib/api';
import { orderFilesQueryKey } from '../api/get-order-files';
import { speedMeter } from '../utils/transfer';
import { refusalOf, retryable, RETRY_DELAYS, UPLOAD_CHUNK_BYTES } from '../utils/tus-options';

export type TransferState = 'uploading' | 'paused' | 'failed';

export interface Transfer {
  key: string;
  name: string;
  size: number;
  sent: number;
  bytesPerSecond: number | null;
  state: TransferState;
  error: string | null;
}

/**
 * The creator's footage uploads of one order through tus: progress, speed, pause, resume and cancel. A
 * file picked again after a closed tab or a crash continues from what the server holds (tus-js-client
 * keeps each upload's URL under the file's fingerprint), and a dropped network is retried.
 */
export function useFootageUploads(orderId: string) {
  const queryClient = useQueryClient();
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: orderFilesQueryKey(orderId) }),
    [queryClient, orderId],
  );
  const patch = useCallback(
    (key: string, change: Partial<Transfer>) =>
      setTransfers((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t))),
    [],
  );
  const drop = useCallback((key: string) => {
    uploads.current.delete(key);
    setTransfers((all) => all.filter((t) => t.key !== key));
  }, []);

  // Leaving the order stops the transfers (they resume when the same files are chosen again).
  useEffect(() => {
    const live = uploads.current;
    return () => {
      for (const upload of live.values()) void upload.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`;
        const meter = speedMeter();
        const token = tokenStore.get();
        const upload = new Upload(file, {
          endpoint: '/api/uploads',
          chunkSize: UPLOAD_CHUNK_BYTES,
          retryDelays: RETRY_DELAYS,
          removeFingerprintOnSuccess: true,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          metadata: { orderId, kind: 'footage', filename: file.name, filetype: file.type },
          onProgress: (sent) => patch(key, { sent, bytesPerSecond: meter.add(sent) }),
          onSuccess: () => {
            drop(key);
            void refresh();
          },
          onError: (err) => {
            meter.reset();
            patch(key, { state: 'failed', error: refusalOf(err), bytesPerSecond: null });
            void refresh();
          },
          onShouldRetry: retryable,
        });
        uploads.current.set(key, upload);
        setTransfers((all) => [
          ...all,
          {
            key,
            name: file.name,
            size: file.size,
            sent: 0,
            bytesPerSecond: null,
            state: 'uploading',
            error: null,
          },
        ]);
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
          // The creation makes the file appear (as uploading) in the list.
          setTimeout(() => void refresh(), 500);
        });
      }
    },
    [orderId, patch, drop, refresh],
  );

  const pause = useCallback(
    (key: string) => {
      void uploads.current.get(key)?.abort();
      patch(key, { state: 'paused', bytesPerSecond: null });
    },
    [patch],
  );

  const resume = useCallback(
    (key: string) => {
      uploads.current.get(key)?.start();
      patch(key, { state: 'uploading', error: null });
    },
    [patch],
  );

  const cancel = useCallback(
    async (key: string) => {
      const upload = uploads.current.get(key);
      drop(key);
      // abort(true) also terminates the upload on the server, so its bytes and allowance are freed.
      await upload?.abort(true).catch(() => undefined);
      await refresh();
    },
    [drop, refresh],
  );

  return { transfers, add, pause, resume, cancel };
}
