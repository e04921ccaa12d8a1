import { Navigate } from 'react-router';
import { HOME_BY_ROLE } from '@cutroom/contracts/auth';
import { useSession } from './session';

/** Sign-in screens are for visitors: someone already signed in goes where their role lands. */
export function SignedInRedirect() {
  const { user } = useSession();
  return user ? <Navigate to={HOME_BY_ROLE[user.role]} replace /> : null;
}
