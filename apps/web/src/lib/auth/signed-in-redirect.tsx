import { Navigate } from 'react-router';
import { HOME_BY_ROLE } from '@cutroom/contracts/auth';
import { useSession } from './session';
import { useNextPath } from './next-path';

/**
 * Sign-in screens are for visitors: someone already signed in goes where the link said they were going,
 * else where their role lands. The same place the login itself sends them, so the two never disagree.
 */
export function SignedInRedirect() {
  const { user } = useSession();
  const next = useNextPath();
  return user ? <Navigate to={next ?? HOME_BY_ROLE[user.role]} replace /> : null;
}
