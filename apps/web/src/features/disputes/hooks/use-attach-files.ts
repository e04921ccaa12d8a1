import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispute } from '@cutroom/contracts/disputes';
import { errorMessage } from '../../../lib/api';
import { attachEvidence } from '../api/attach-evidence';
import { getOrderDisputesQueryKey } from '../api/get-order-disputes';

export interface FileUpload {
  file: File;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  /** 0–1 while sending. */
  progress: number;
  error: string | null;
}

/**
 * Sends evidence files to a dispute one after another, each with its progress; a refused file keeps its
 * reason and can be sent again. Each reply goes into the order's disputes, so the list beside the order
 * grows as files land. Leaving (unmount) or `cancel` stops the file in flight.
 */
export function useAttachFiles(dispute: { orderId: string }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const patch = (file: File, change: Partial<FileUpload>) =>
    setUploads((all) => all.map((u) => (u.file === file ? { ...u, ...change } : u)));

  const send = useCallback(
    async (disputeId: string, files: File[]): Promise<boolean> => {
      setUploads(files.map((file) => ({ file, state: 'waiting', progress: 0, error: null })));
      const key = getOrderDisputesQueryKey(dispute.orderId);
      let allSent = true;
      for (const file of files) {
        const controller = new AbortController();
        abort.current = controller;
        patch(file, { state: 'sending', progress: 0, error: null });
        try {
          const now = await attachEvidence(
            disputeId,
            file,
            (p) => patch(file, { progress: p }),
            controller.signal,
          );
          queryClient.setQueryData<{ data: Dispute[] }>(key, (page) =>
            page ? { data: page.data.map((d) => (d._id === now._id ? now : d)) } : page,
          );
          patch(file, { state: 'done', progress: 1 });
        } catch (err) {
          allSent = false;
          patch(file, { state: 'failed', error: errorMessage(err, 'The file could not be attached') });
          if (controller.signal.aborted) break;
        }
      }
      abort.current = null;
      void queryClient.invalidateQueries({ queryKey: key });
      return allSent;
    },
    [dispute.orderId, queryClient],
  );

  return {
    uploads,
    sending: uploads.some((u) => u.state === 'sending'),
    send,
    cancel: () => abort.current?.abort(),
  };
}
