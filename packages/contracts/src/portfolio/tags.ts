/** Tags of portfolio samples. */
import { z } from 'zod';
import { userText } from '../typed-text';
import { dedupeTexts } from './tiers';

export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS_PER_SAMPLE = 20;

/** A tag as stored: trimmed, inner whitespace collapsed, at most MAX_TAG_LENGTH characters. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, MAX_TAG_LENGTH).trim();
}

/**
 * Adds what the person typed (one tag, or several separated by commas) to the tags already entered:
 * trimmed, empty pieces dropped, no duplicates (case-insensitive), at most MAX_TAGS_PER_SAMPLE.
 */
export function addTags(existing: readonly string[], typed: string): string[] {
  const pieces = typed.split(',').map(normalizeTag);
  return dedupeTexts([...existing, ...pieces]).slice(0, MAX_TAGS_PER_SAMPLE);
}

/** The tags of one uploaded file: a JSON array of strings, normalised like the page does. */
export const sampleTagsSchema = z
  .array(userText('A tag', 'A tag must be text').max(200, 'A tag is too long'), {
    error: 'Tags must be a list of words',
  })
  .max(100, 'Too many tags')
  .transform((tags) => addTags([], tags.join(',')));

/** Parses the multipart tags field (`{tier}_sample_{index}_tags`); throws a readable message when malformed. */
export function parseSampleTagsField(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('Tags must be a JSON list of words');
  }
  const result = sampleTagsSchema.safeParse(parsed);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid tags');
  return result.data;
}
