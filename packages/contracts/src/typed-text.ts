import { z } from 'zod';

/** Format characters (zero-width, bidi controls) and fillers that show as nothing. */
export const INVISIBLE_CHARACTERS = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;

/**
 * Text a person typed: invisible characters removed (a text of only those would show blank), trimmed,
 * then its length checked with the field's label in the message.
 */
export const typedText = (label: string, max: number, min = 0) => {
  const base = z.string().trim();
  return z
    .string({ error: `${label} is required` })
    .transform((v) => v.replace(INVISIBLE_CHARACTERS, ''))
    .pipe(
      (min > 0 ? base.min(min, `${label} must be at least ${min} characters`) : base).max(
        max,
        `${label} must be at most ${max} characters`,
      ),
    );
};
