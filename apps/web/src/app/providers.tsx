import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider, useSession } from '../lib/auth/session';
import { queryClient } from '../lib/query-client';
import { RealtimeProvider } from '../lib/realtime';

/** `client`: the server renders each page with its own; the browser has one for the tab. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SessionRealtime>{children}</SessionRealtime>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** One realtime connection per tab while someone is signed in; logging out closes it. */
function SessionRealtime({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <RealtimeProvider userId={user?._id ?? null}>{children}</RealtimeProvider>;
}
