import { z } from 'zod';

/** Format characters (zero-width, bidi controls) and fillers that show as nothing. */
export const INVISIBLE_CHARACTERS = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;

/**
 * Half a character: a UTF-16 surrogate without its other half. JSON's "\ud800" escape parses to one; no
 * keyboard types one. PostgreSQL refuses it inside JSON (the request failed with a 500) and stores it
 * as U+FFFD in text, so a text holding one is refused, naming the field.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds half a character (a lone surrogate); a whole pair (an emoji) is fine. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** The refusal of a text holding half a character. */
export const invalidCharacterMessage = (label: string) => `${label} contains an invalid character`;

/**
 * The start of every text field a person fills in: a string (else `required`), refused when it holds
 * half a character (`${label} contains an invalid character`). Fields chain their own rules after it.
 */
export const userText = (label: string, required = `${label} is required`) =>
  z
    .string({ error: required })
    .refine((v) => !hasLoneSurrogate(v), { message: invalidCharacterMessage(label), abort: true });

/**
 * Text a person typed: refused with half a character in it (userText), invisible characters removed (a
 * text of only those would show blank), trimmed, then its length checked with the field's label in the
 * message.
 */
export const typedText = (label: string, max: number, min = 0) => {
  const base = z.string().trim();
  return userText(label)
    .transform((v) => v.replace(INVISIBLE_CHARACTERS, ''))
    .pipe(
      (min > 0 ? base.min(min, `${label} must be at least ${min} characters`) : base).max(
        max,
        `${label} must be at most ${max} characters`,
      ),
    );
};
