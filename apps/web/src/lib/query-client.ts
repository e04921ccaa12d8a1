import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The app's query defaults; the server renders with its own client per request (no retries there). */
export function createQueryClient(options: { retry?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry:
          options.retry === false
            ? false
            : (count, err) =>
                !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
