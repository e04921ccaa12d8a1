import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * The keyboard focus ring of every button and button-styled link: a 2px brand outline, 2px off the
 * button, framed by white on both sides. A single colour disappears on some background (brand on the
 * brand CTA band, on the dark hero, or a brand button's own colour); framed by white, the ring shows on
 * white, brand-coloured and slate backgrounds alike, and around white buttons too. The outline (not
 * the shadow) is what remains in forced-colours mode. The `!` outranks the unlayered :focus-visible
 * rule in styles.css, so this ring does not depend on it.
 */
export const focusRing =
  'focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! focus-visible:shadow-[0_0_0_6px_#fff]';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  success: 'bg-emerald-600 text-white hover:bg-emerald-700 disabled:bg-emerald-600/50',
} as const;
const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const;

const base = cn(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
  focusRing,
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(base, 'disabled:cursor-not-allowed', variants[variant], sizes[size], className)}
      {...props}
    />
  );
});

/** Button styles for a react-router Link. */
export const buttonClass = (variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') =>
  cn(base, variants[variant], sizes[size]);
