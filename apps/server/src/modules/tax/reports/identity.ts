import { openJson } from '../../../lib/sealing';

/**
 * A whole identifier from a profile row already read with the report's own query, so an export of many
 * editors opens them without a query each. The binding is profile.ts's (`tax:<editor>:<field>`); a
 * drift would fail the exports' tests, which compare the whole GSTIN and PAN.
 */
export function openIdentifier(
  key: Buffer,
  editorId: string,
  field: 'pan' | 'gstin',
  sealed: string | null,
): string {
  return sealed === null ? '' : openJson<string>(key, `tax:${editorId}:${field}`, sealed);
}
