import { describe, expect, it } from 'vitest';
import { normalise } from './normalise';
import { numberWord } from './number-words';

describe('normalise', () => {
  it.each([
    ['ＪＯＨＮ＠ＧＭＡＩＬ．ＣＯＭ', 'john@gmail.com'],
    ['𝐫𝐚𝐡𝐮𝐥 ⓡⓐⓗⓤⓛ', 'rahul rahul'],
    ['9\u20628\u034F7\u180E6\u{E0020}5\u200E4\u202A3\u20662\uFE0F1\u31640', '9876543210'],
    ['r\u0301a\u0308hul', 'rahul'],
    ['ехаmple gmаil', 'example gmail'],
    ['९८७६ ৯৮৭৬ ٩٨٧٦ ௯௮௭௬', '9876 9876 9876 9876'],
    ['gmail。com', 'gmail.com'],
    [' many \n\t  spaces\u00A0here ', 'many spaces here'],
  ])('%j → %j', (text, expected) => {
    expect(normalise(text).logical).toBe(expected);
  });

  it('keeps the vowel signs of Devanagari words (they are spelling) and does not read Devanagari as Latin', () => {
    expect(normalise('पाँच छह शून्य').logical).toBe('पाँच छह शून्य');
    expect(normalise('८').logical).toBe('8');
  });

  it('reads right-to-left overrides in display order as well as as typed', () => {
    expect(normalise('\u202Emoc.liamg@lufituaeb')).toEqual({
      logical: 'moc.liamg@lufituaeb',
      visual: 'beautiful@gmail.com',
    });
    expect(normalise('mail \u2067moc.x@y\u2069 now').visual).toBe('mail y@x.com now');
    expect(normalise('plain text').visual).toBeNull();
  });
});

describe('number words', () => {
  it.each([
    ['nine', '9', false],
    ['to', '2', true],
    ['oh', '0', true],
    ['shoonya', '0', false],
    ['do', '2', true],
    ['पाँच', '5', false],
    ['दो', '2', true],
    ['ninety', '90', false],
    ['nineeightseven', '987', false],
  ])('%s → %s (weak: %s)', (word, digits, weak) => {
    expect(numberWord(word)).toMatchObject({ digits, weak });
  });

  it.each(['someone', 'often', 'tone', 'review', 'noone'])('%s is not a number', (word) => {
    expect(numberWord(word)).toBeNull();
  });
});
