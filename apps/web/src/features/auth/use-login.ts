import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, HOME_BY_ROLE, type LoginReply } from '@cutroom/contracts/auth';
import { errorMessage } from '../../lib/api';
import { useSession } from './session';

/**
 * A login mutation shared by the three login pages: stores the session, says 'Login successful' and
 * sends the user where their role lands (SPEC.md §4); a failure shows the server's message or `fallback`.
 */
export function useLogin<T>(
  call: (input: T) => Promise<LoginReply>,
  fallback: string,
  onError?: (err: unknown, input: T) => boolean | void,
) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    onSuccess: async (reply) => {
      await signIn(reply.user, reply.token);
      toast.success(reply.message || AUTH_MESSAGES.loginSuccessful);
      navigate(HOME_BY_ROLE[reply.user.role], { replace: true });
    },
    onError: (err, input) => {
      if (onError?.(err, input)) return;
      toast.error(errorMessage(err, fallback));
    },
  });
}
