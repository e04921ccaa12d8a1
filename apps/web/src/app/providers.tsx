import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider, useSession } from '../features/auth/session';
import { queryClient } from '../lib/query-client';
import { RealtimeProvider } from '../lib/realtime';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
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
