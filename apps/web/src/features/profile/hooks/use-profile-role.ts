import { useOutletContext } from 'react-router';

/** The signed-in member's role, handed down by ProfileLayout once it has checked the session. */
export const useProfileRole = () => useOutletContext<'creator' | 'editor'>();
