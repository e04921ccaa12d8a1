import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Role } from '@cutroom/contracts';
import { Spinner } from '../../components/ui';
import { useSession } from './session';

/** Not logged in or the wrong role: back to /. A loading message while the session resolves. */
export function ProtectedRoute({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <Spinner label="Loading your session..." />;
  if (!user || !roles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
