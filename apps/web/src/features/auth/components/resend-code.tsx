import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { RotateCw } from 'lucide-react';
import { AUTH_MESSAGES, OTP_RESEND_SECONDS, codePauseReplySchema } from '@cutroom/contracts/auth';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api';
import { useResendVerificationCode } from '../api/resend-verification-code';

/**
 * Router state for /verify-otp from a page that has just had a code sent, so the pause the server keeps
 * between two codes is counted down from the start (it survives a reload, as history state does).
 */
export const codeSentState = () => ({ codeSentAt: Date.now() });

/** When the pause after the code named in `state` ends (epoch ms); 0 when there is none to wait for. */
export function pauseEndFrom(state: unknown, now: number): number {
  const at = (state as { codeSentAt?: unknown } | null)?.codeSentAt;
  if (typeof at !== 'number' || !Number.isFinite(at) || at > now) return 0;
  return at + OTP_RESEND_SECONDS * 1000;
}

/** The wait the server gave with a refused resend, in seconds; null when it gave none. */
function retryAfterOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  const parsed = codePauseReplySchema.safeParse(err.body);
  return parsed.success ? parsed.data.retryAfter : null;
}

/** Whole seconds until `until`, re-rendering while it counts down. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A new `until` is measured from now, not from when the last count stopped.
    setNow(Date.now());
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(id);
    }, 500);
    return () => clearInterval(id);
  }, [until]);
  return Math.min(OTP_RESEND_SECONDS, Math.max(0, Math.ceil((until - now) / 1000)));
}

/**
 * 'Resend code' on /verify-otp: mails a new sign-up code, then counts down the minute the server makes
 * an address wait between two codes. `email` returns the address to use, or null when the page has
 * shown why there is none yet.
 */
export function ResendCodeButton(props: { email: () => Promise<string | null>; routerState: unknown }) {
  const [until, setUntil] = useState(() => pauseEndFrom(props.routerState, Date.now()));
  const secondsLeft = useSecondsLeft(until);
  const resend = useResendVerificationCode({
    onSuccess: (reply) => {
      toast.success(reply.message || AUTH_MESSAGES.otpSent);
      setUntil(Date.now() + OTP_RESEND_SECONDS * 1000);
    },
    onError: (err) => {
      // Asked too soon (a code from another tab, or before a reload): count down what is left.
      const wait = retryAfterOf(err);
      if (wait) setUntil(Date.now() + wait * 1000);
      toast.error(errorMessage(err, AUTH_MESSAGES.sendOtpFailed));
    },
  });
  const waiting = secondsLeft > 0;

  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={waiting || resend.isPending}
      onClick={async () => {
        const email = await props.email();
        if (email) resend.mutate({ email });
      }}
    >
      <RotateCw className="size-4" aria-hidden />
      {resend.isPending ? 'Sending...' : waiting ? `Resend code in ${secondsLeft}s` : 'Resend code'}
    </Button>
  );
}
