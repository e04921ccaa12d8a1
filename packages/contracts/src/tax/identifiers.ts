import { GST_STATES } from './states';

/**
 * India's tax identifiers, checked the way the issuing authorities define them (issue 27). Pure; the
 * server and the page share them so a value is refused beside its field before it is ever sent.
 * Upper case only: the input schema upper-cases what people type before these run.
 */

/**
 * PAN: five letters, four digits, a letter; the fourth letter names the holder's kind (A AOP, B BOI,
 * C company, F firm/LLP, G government, H HUF, J artificial juridical person, L local authority,
 * P person, T trust). The last letter is a check character whose algorithm is not published, so it is
 * not verified.
 */
export function isValidPan(pan: string): boolean {
  return /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/.test(pan);
}

// Verhoeff's dihedral-group tables (UIDAI uses the scheme for Aadhaar's last digit).
const VERHOEFF_D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff's checksum of a digit string; 0 when its last digit is the right check digit. */
function verhoeff(digits: string): number {
  let c = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![digit]!]!;
  }
  return c;
}

/** The Verhoeff check digit to append to a digit string (for tests and sample data). */
export function verhoeffCheckDigit(digits: string): string {
  return String(VERHOEFF_INV[verhoeff(`${digits}0`)]);
}

/** Aadhaar: twelve digits, not starting with 0 or 1, the last a Verhoeff check digit. */
export function isValidAadhaar(aadhaar: string): boolean {
  return /^[2-9]\d{11}$/.test(aadhaar) && verhoeff(aadhaar) === 0;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_RADIX = GSTIN_ALPHABET.length;
const STATE_CODES: ReadonlySet<string> = new Set(GST_STATES.map((s) => s.code));

/**
 * GSTN's check character for a GSTIN's first fourteen characters (a Luhn mod-36 variant). Throws on a
 * character outside 0–9 and A–Z or a length other than 14, which would otherwise yield a wrong answer.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError(`Not fourteen characters of 0-9 and A-Z: ${first14}`);
  }
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / GSTIN_RADIX) + (product % GSTIN_RADIX);
  }
  return GSTIN_ALPHABET[(GSTIN_RADIX - (sum % GSTIN_RADIX)) % GSTIN_RADIX]!;
}

/**
 * GSTIN of a regular or composition taxpayer: state code, the holder's PAN, entity number (1–9 then
 * A–Z for the 10th registration on one PAN in one state), 'Z', and the check character. The 14th
 * character is 'Z' for these; other letters mark special registrations (TDS deductors, e-commerce TCS
 * collectors, UIN holders, non-residents), which are not an editor's and carry a TAN or no PAN at all.
 */
export function isValidGstin(gstin: string): boolean {
  if (!/^\d{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  if (!STATE_CODES.has(gstin.slice(0, 2))) return false;
  if (!isValidPan(gstin.slice(2, 12))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
