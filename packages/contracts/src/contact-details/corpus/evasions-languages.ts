/** Evasions by number words: English, homophones, double/triple, Hindi romanised and Devanagari, other scripts. */
import type { ContactDetailKind } from '../types';

export const NUMBER_WORD_EVASIONS: [string, ContactDetailKind][] = [
  ['nine ate seven six five for three to won oh', 'phone'],
  ['double nine eight seven six five four triple three', 'phone'],
  ['nine nine eight seven six oh oh one two three', 'phone'],
  ['nau aath saat chhe paanch char teen do ek shunya', 'phone'],
  ['nau aath saat chhah panch chaar tin do ek shoonya', 'phone'],
  ['ek do teen char paanch chhe saat aath nau sunya', 'phone'],
  ['नौ आठ सात छह पाँच चार तीन दो एक शून्य', 'phone'],
  ['नौ आठ सात छः पांच चार तीन दो एक शून्य', 'phone'],
  ['৯৮৭৬৫৪৩২১০', 'phone'],
  ['٩٨٧٦٥٤٣٢١٠', 'phone'],
  ['੯੮੭੬੫੪੩੨੧੦', 'phone'],
  ['௯௮௭௬௫௪௩௨௧௦', 'phone'],
  ['𝟵𝟴𝟳𝟲𝟱𝟰𝟯𝟮𝟭𝟬', 'phone'],
  ['nine 8 seven 6 five 4 three 2 one 0', 'phone'],
  ['9 aath 7 chhe 5 char 3 do 1 shunya', 'phone'],
  ['nine 8 saat 6 पाँच 4 three 2 ek 0', 'phone'],
  ['nineeightsevensixfivefourthreetwoonezero', 'phone'],
  ['ninety eight seventy six fifty four thirty two ten', 'phone'],
  ['nine, eight, seven, six, five, four, three, two, one, zero', 'phone'],
  ['nine eight seven six five four three two one o', 'phone'],
  ['n i n e e i g h t s e v e n s i x f i v e f o u r t h r e e t w o o n e z e r o', 'phone'],
];
