import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the replies that must not tell whether an address has an account (forgot-password, resend
 * code) take at least. Their work differs (a code is hashed, stored and mailed for a real account only):
 * it runs in the background, and the reply waits out the same floor either way, so its timing says
 * nothing. Well above what the lookup costs, even on a busy machine.
 */
export const EVEN_REPLY_MS = 250;

/** Runs the work, then answers no sooner than EVEN_REPLY_MS after `startedAt` (performance.now()). */
export async function atEvenPace<T>(startedAt: number, work: () => Promise<T>): Promise<T> {
  const result = await work();
  const wait = startedAt + EVEN_REPLY_MS - performance.now();
  if (wait > 0) await sleep(wait);
  return result;
}
