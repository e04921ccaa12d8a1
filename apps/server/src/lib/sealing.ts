import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Values stored only encrypted (payout details, tax identifiers): AES-256-GCM with an owner bound in as
 * associated data, so a sealed value copied into another editor's row, or another column, does not open.
 */

const KEY_FILE = 'payout-details.key';

/**
 * The key: PAYOUT_DETAILS_KEY (32 bytes, base64 or hex), else a key made once in DATA_DIR with
 * owner-only permissions, so embedded installs keep reading what they sealed.
 */
export function loadSealingKey(config: { PAYOUT_DETAILS_KEY?: string; DATA_DIR: string }): Buffer {
  if (config.PAYOUT_DETAILS_KEY) return parseKey(config.PAYOUT_DETAILS_KEY);
  const file = path.join(config.DATA_DIR, KEY_FILE);
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim());
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two instances starting together never overwrite each other's key.
  try {
    writeFileSync(file, key.toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch {
    return parseKey(readFileSync(file, 'utf8').trim());
  }
  chmodSync(file, 0o600);
  return key;
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('PAYOUT_DETAILS_KEY must be 32 bytes, base64 or hex');
  return key;
}

/** base64(iv ‖ tag ‖ ciphertext) of `value` as JSON, `boundTo` as associated data. */
export function sealJson(key: Buffer, boundTo: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the data was changed, sealed for another owner, or with another key. */
export function openJson<T>(key: Buffer, boundTo: string, sealed: string): T {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}
