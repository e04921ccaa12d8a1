import { forwardRef, type InputHTMLAttributes } from 'react';
import { OTP_LENGTH } from '@cutroom/contracts/auth';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/** The 6-digit code box: numeric keyboard on phones, and browsers may fill it from the mail. */
export const OtpInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function OtpInput(
  { className, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      placeholder="123456"
      className={cn('h-12 text-center font-mono text-xl tracking-[0.5em]', className)}
      {...props}
    />
  );
});
