import { forwardRef, type ChangeEvent, type ClipboardEvent, type InputHTMLAttributes } from 'react';
import { OTP_LENGTH } from '@cutroom/contracts/auth';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** The code as it may stand in the box: digits only, at most OTP_LENGTH of them. */
export const otpDigits = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

// React tracks an input's value through its own setter; the prototype's lets the 'input' event below
// reach onChange (and so react-hook-form) as if the user had typed.
const setNativeValue = (input: HTMLInputElement, value: string) =>
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);

/**
 * The 6-digit code box: numeric keyboard on phones, browsers may fill it from the mail, and anything but
 * digits is dropped as it is typed or pasted (a pasted '123 456' or 'Code: 123456' becomes 123456).
 */
export const OtpInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function OtpInput(
  { className, onChange, onPaste, ...props },
  ref,
) {
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const typed = input.value;
    const clean = otpDigits(typed);
    if (clean !== typed) {
      // Keep the caret after the digits that were before it, not thrown to the end.
      const caret = otpDigits(typed.slice(0, input.selectionStart ?? typed.length)).length;
      input.value = clean;
      input.setSelectionRange(caret, caret);
    }
    onChange?.(e);
  };

  // maxLength cuts a paste before onChange sees it, so '123 456' would lose its last digit: insert the
  // pasted digits here instead.
  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e);
    if (e.defaultPrevented) return;
    const input = e.currentTarget;
    const pasted = e.clipboardData.getData('text');
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const before = input.value.slice(0, start);
    const merged = otpDigits(before + pasted + input.value.slice(end));
    e.preventDefault();
    setNativeValue(input, merged);
    const caret = Math.min(merged.length, otpDigits(before + pasted).length);
    input.setSelectionRange(caret, caret);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  return (
    <Input
      ref={ref}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      placeholder="123456"
      className={cn('h-12 text-center font-mono text-xl tracking-[0.5em]', className)}
      onChange={handleChange}
      onPaste={handlePaste}
      {...props}
    />
  );
});
