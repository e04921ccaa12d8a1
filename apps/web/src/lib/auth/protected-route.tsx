import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@cutroom/contracts';
import { Spinner } from '../../components/ui';
import { useSession } from './session';
import { loginPageFor, withNext } from './next-path';

/**
 * A loading message while the session resolves. Not logged in: the sign-in page for this page, carrying
 * where the visitor was going so the login brings them back (issue 17). Logged in with the wrong role:
 * back to / (SPEC.md §2); signing in again would not help.
 */
export function ProtectedRoute({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label="Loading your session..." />;
  if (!user) {
    return <Navigate to={withNext(loginPageFor(roles), location.pathname + location.search)} replace />;
  }
  if (!roles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
