/** Invisible characters and bidi controls the evasions hide between digits and letters. */
export const Z = {
  invisibleTimes: '\u2062',
  graphemeJoiner: '\u034F',
  mongolianSeparator: '\u180E',
  tagSpace: '\u{E0020}',
  lrm: '\u200E',
  rlm: '\u200F',
  rlo: '\u202E',
  pdf: '\u202C',
  rli: '\u2067',
  pdi: '\u2069',
} as const;
export const between = (digits: string, filler: string): string => Array.from(digits).join(filler);
