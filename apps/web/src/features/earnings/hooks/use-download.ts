import { useState } from 'react';
import { errorMessage } from '../../../lib/api';

export const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

/**
 * A download in progress and its refusal: `run` starts one (a second press while it runs does nothing),
 * `error` is the server's message ('This quarter has not ended yet') or a general one.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<void>) => {
    if (pending) return;
    setPending(key);
    setError(null);
    try {
      await download();
    } catch (err) {
      setError(errorMessage(err, DOWNLOAD_FAILED));
    } finally {
      setPending(null);
    }
  };
  return { run, pending, error, clearError: () => setError(null) };
}
