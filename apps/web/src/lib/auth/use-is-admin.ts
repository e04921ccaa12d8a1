import { useSession } from './session';

/** True once the session says admin: admin pages fetch nothing before that (SPEC.md §6). */
export function useIsAdmin(): boolean {
  const { user } = useSession();
  return user?.role === 'admin';
}
