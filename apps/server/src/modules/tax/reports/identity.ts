import { openTaxIdentifier } from '../profile';

/**
 * A whole identifier from a profile row already read with the report's own query, so an export of many
 * editors opens them without a query each; empty when there is none.
 */
export function openIdentifier(
  key: Buffer,
  editorId: string,
  field: 'pan' | 'gstin',
  sealed: string | null,
): string {
  return openTaxIdentifier(key, editorId, field, sealed) ?? '';
}
