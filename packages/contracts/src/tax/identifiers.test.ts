import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  isValidAadhaar,
  isValidGstin,
  isValidPan,
  verhoeffCheckDigit,
} from './identifiers';
import { GST_STATES, gstStateName } from './states';

describe('isValidPan', () => {
  it.each(['ABCPE1234F', 'AAACR5055K', 'AAAHA1234B', 'AAAFU0939F', 'AAATT1234Z', 'AAAGA0001A'])(
    'accepts %s',
    (pan) => expect(isValidPan(pan)).toBe(true),
  );

  it.each([
    ['a fourth letter that names no holder kind', 'ABCDE1234F'],
    ['lower case', 'abcpe1234f'],
    ['too short', 'ABCPE1234'],
    ['too long', 'ABCPE1234FF'],
    ['digits where letters go', 'AB1PE1234F'],
    ['a letter where a digit goes', 'ABCPE12A4F'],
    ['spaces', 'ABCPE 1234F'],
    ['empty', ''],
  ])('refuses %s', (_why, pan) => expect(isValidPan(pan)).toBe(false));
});

describe('isValidAadhaar', () => {
  // 999941057058 is UIDAI's published test number; the others are Verhoeff-valid sample numbers.
  it.each(['234123412346', '999941057058', '499118665246', '999999990019'])('accepts %s', (a) =>
    expect(isValidAadhaar(a)).toBe(true),
  );

  it.each([
    ['a wrong check digit', '234123412345'],
    ['two digits swapped (Verhoeff catches transpositions)', '243123412346'],
    ['a first digit of 0', '034123412346'],
    ['a first digit of 1', '123412341234'],
    ['eleven digits', '23412341234'],
    ['thirteen digits', '2341234123460'],
    ['spaces', '2341 2341 2346'],
    ['letters', '23412341234A'],
  ])('refuses %s', (_why, a) => expect(isValidAadhaar(a)).toBe(false));

  it('finds, for any eleven digits, exactly one check digit that makes them valid', () => {
    for (const body of ['23412341234', '99994105705', '50000000000', '87654321098']) {
      const valid = '0123456789'.split('').filter((d) => isValidAadhaar(body + d));
      expect(valid).toEqual([verhoeffCheckDigit(body)]);
    }
  });
});

describe('gstinCheckCharacter', () => {
  it.each([
    // GSTN's own example on the GST portal, and the e-invoice (NIC) sandbox's sample seller.
    ['27AAPFU0939F1Z', 'V'],
    ['29AAGCB7383J1Z', '4'],
    ['24AAACC1206D1Z', 'M'],
  ])('%s → %s', (first14, check) => expect(gstinCheckCharacter(first14)).toBe(check));

  it('refuses anything but fourteen characters of 0-9 and A-Z', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow(RangeError);
  });
});

describe('isValidGstin', () => {
  const made = (state: string, pan: string, entity = '1') => {
    const first14 = `${state}${pan}${entity}Z`;
    return first14 + gstinCheckCharacter(first14);
  };

  it.each([
    '27AAPFU0939F1ZV',
    '29AAGCB7383J1Z4',
    '24AAACC1206D1ZM',
    made('01', 'ABCPE1234F'),
    made('38', 'ABCPE1234F'),
    made('97', 'AAACR5055K'),
    made('29', 'AAACR5055K', 'A'),
    made('07', 'AAAHA1234B', '9'),
  ])('accepts %s', (g) => expect(isValidGstin(g)).toBe(true));

  const good = made('29', 'ABCPE1234F');
  const otherCheck = (g: string) => g.slice(0, 14) + (g[14] === '0' ? '1' : '0');

  it.each([
    ['a wrong check character', otherCheck(good)],
    ['state code 00', made('00', 'ABCPE1234F')],
    ['state code 39', made('39', 'ABCPE1234F')],
    ['state code 99', made('99', 'ABCPE1234F')],
    ['lower case (the input schema upper-cases first)', good.toLowerCase()],
    ['a PAN with a fourth letter of no holder kind', made('29', 'ABCDE1234F')],
    ['entity number 0', made('29', 'ABCPE1234F', '0')],
    ['a 14th character other than Z', `${good.slice(0, 13)}D${good[14]}`],
    ['fourteen characters', good.slice(0, 14)],
    ['sixteen characters', `${good}0`],
    ['the example in the profile messages, whose check character is W', '29ABCDE1234F1Z5'],
    ['empty', ''],
  ])('refuses %s', (_why, g) => expect(isValidGstin(g)).toBe(false));

  it('refuses every single-character change to the check character', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const wrong = alphabet.split('').filter((c) => c !== good[14]);
    for (const c of wrong) expect(isValidGstin(good.slice(0, 14) + c)).toBe(false);
  });
});

describe('GST_STATES', () => {
  it('lists 01 to 38 and 97 once each, sorted by code', () => {
    const codes = GST_STATES.map((s) => s.code);
    const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), '97'];
    expect(codes).toEqual(expected);
  });

  it('names a code, and knows none for an unknown one', () => {
    expect(gstStateName('01')).toBe('Jammu and Kashmir');
    expect(gstStateName('29')).toBe('Karnataka');
    expect(gstStateName('38')).toBe('Ladakh');
    expect(gstStateName('97')).toBe('Other Territory');
    expect(gstStateName('00')).toBeNull();
    expect(gstStateName('39')).toBeNull();
    expect(gstStateName('9')).toBeNull();
  });
});
