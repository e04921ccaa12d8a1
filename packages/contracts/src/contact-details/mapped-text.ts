/**
 * A rewritten text that remembers where each of its characters came from, so that a match found in the
 * rewritten text ("john @ gmail . com" from "john (at) gmail {dot} com") can be reported at its place in
 * the original. The look-back needs those places to tell which message a match reaches into.
 */
export interface MappedText {
  text: string;
  /** For each character of `text`: the start and end (exclusive) of what it came from in the source. */
  sourceStart: Int32Array;
  sourceEnd: Int32Array;
}

/**
 * Replaces every match of `pattern` (which must be global) by `replace(match)`, in one pass. Characters
 * produced by a replacement map to the whole match they replaced.
 */
export function rewrite(source: string, pattern: RegExp, replace: (match: string) => string): MappedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let copied = 0;
  const copy = (until: number): void => {
    text += source.slice(copied, until);
    for (let i = copied; i < until; i += 1) {
      starts.push(i);
      ends.push(i + 1);
    }
    copied = until;
  };
  for (const match of source.matchAll(pattern)) {
    const at = match.index;
    copy(at);
    const replacement = replace(match[0]);
    text += replacement;
    for (let i = 0; i < replacement.length; i += 1) {
      starts.push(at);
      ends.push(at + match[0].length);
    }
    copied = at + match[0].length;
  }
  copy(source.length);
  return { text, sourceStart: Int32Array.from(starts), sourceEnd: Int32Array.from(ends) };
}

/** The span in the source covered by `text.slice(start, end)` of a rewritten text. */
export function sourceSpan(mapped: MappedText, start: number, end: number): [number, number] {
  if (end <= start) return [mapped.sourceStart[start] ?? 0, mapped.sourceStart[start] ?? 0];
  return [mapped.sourceStart[start] ?? 0, mapped.sourceEnd[end - 1] ?? 0];
}
