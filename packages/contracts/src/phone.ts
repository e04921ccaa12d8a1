import { z } from 'zod';
import { INVISIBLE_CHARACTERS } from './typed-text';

/**
 * The ways people write an Indian number, for the phone fields: "+91 98765 43210", "98765 43210",
 * "098765-43210", "(98765) 43210", "91 9876543210", full-width digits. Kept as its 10 digits.
 */
export function nationalDigits(raw: string): string {
  const compact = raw
    .normalize('NFKC')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(/[\s\-.()/]/g, '');
  return compact.replace(/^\+?91(?=\d{10}$)/, '').replace(/^0(?=\d{10}$)/, '');
}

/** Long enough for "+91 98765 43210" and its spacings; the field keeps what was typed until it is sent. */
export const PHONE_INPUT_MAX = 20;

/** A 10-digit Indian number, however it was typed; `mobileOnly` also asks for a mobile's 6–9 start. */
export const indianPhoneSchema = (message: string, required = message, mobileOnly = false) =>
  z
    .string({ error: required })
    .max(64, message)
    .transform(nationalDigits)
    .pipe(z.string().regex(mobileOnly ? /^[6-9]\d{9}$/ : /^\d{10}$/, message));
