import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, HOME_BY_ROLE, type LoginReply } from '@cutroom/contracts/auth';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api';
import { useNextPath } from '../../../lib/auth/next-path';
import { useSession } from '../../../lib/auth/session';

/**
 * A login mutation shared by the three login pages: stores the session, says 'Login successful' and
 * sends the user back to the page that asked them to log in (a safe `?next=`), else where their role
 * lands (SPEC.md §4); a failure shows the server's message or `fallback`.
 */
export function useLogin<T>(
  call: (input: T) => Promise<LoginReply>,
  fallback: string,
  onError?: (err: unknown, input: T) => boolean | void,
) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const next = useNextPath();
  return useMutation({
    mutationFn: call,
    onSuccess: async (reply) => {
      await signIn(reply.user, reply.token);
      toast.success(reply.message || AUTH_MESSAGES.loginSuccessful);
      navigate(next ?? HOME_BY_ROLE[reply.user.role], { replace: true });
    },
    onError: (err, input) => {
      if (onError?.(err, input)) return;
      notify.error(errorMessage(err, fallback));
    },
  });
}
