import type { Cashfree } from '@cashfreepayments/cashfree-js';
import { PAYMENT_MESSAGES, type PaymentMode, type PaymentProvider } from '@cutroom/contracts';

/**
 * Loads Cashfree.js (production mode when the server's gateway runs in production). Resolves null when
 * the script cannot load: the page then says the gateway is not available.
 */
export async function loadCashfree(mode: PaymentMode): Promise<Cashfree | null> {
  try {
    const { load } = await import('@cashfreepayments/cashfree-js');
    return (await load({ mode })) ?? null;
  } catch {
    return null;
  }
}

/** The screen a checkout was launched from, so its result page can lead back there. */
export type CheckoutOrigin = { kind: 'chat'; roomId: string } | { kind: 'portfolio'; editorId: string };

const ORIGINS_KEY = 'cutroom:checkout-origins';
const ORIGINS_KEPT = 20;
/** A gateway order lapses after an hour; a day leaves room for a late return to its result page. */
const ORIGIN_TTL_MS = 24 * 60 * 60 * 1000;

interface StoredOrigin {
  origin: CheckoutOrigin;
  at: number;
}

/** Pay buttons live on an editor's portfolio and in a chat room; anywhere else is not a place to go back to. */
export function checkoutOriginOf(location: { pathname: string; search: string }): CheckoutOrigin | null {
  const portfolio = /^\/portfolio\/([^/]+)\/?$/.exec(location.pathname);
  if (portfolio) return { kind: 'portfolio', editorId: portfolio[1]! };
  const roomId = location.pathname === '/chat' ? new URLSearchParams(location.search).get('roomId') : null;
  return roomId ? { kind: 'chat', roomId } : null;
}

function storedOrigins(now: number): StoredOrigin[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(ORIGINS_KEY) ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter(
      (x): x is StoredOrigin =>
        typeof x?.at === 'number' &&
        now - x.at < ORIGIN_TTL_MS &&
        ((x.origin?.kind === 'chat' && typeof x.origin.roomId === 'string') ||
          (x.origin?.kind === 'portfolio' && typeof x.origin.editorId === 'string')),
    );
  } catch {
    return [];
  }
}

/**
 * Notes where a checkout started. Local storage, not session storage: the result page opens in the
 * checkout's own tab, which does not share the launching tab's session storage. No gateway order id is
 * known here (the launcher gets only the session id), so the result page matches an origin to its payment
 * by the payment's editor and room instead (see `originForPayment`).
 */
export function rememberCheckoutOrigin(origin: CheckoutOrigin, now = Date.now()): void {
  try {
    const list = [{ origin, at: now }, ...storedOrigins(now)].slice(0, ORIGINS_KEPT);
    localStorage.setItem(ORIGINS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the result page then falls back to its general wording.
  }
}

/** Checkouts launched from this browser lately, newest first. */
export function recentCheckoutOrigins(now = Date.now()): CheckoutOrigin[] {
  return storedOrigins(now)
    .sort((a, b) => b.at - a.at)
    .map((s) => s.origin);
}

/**
 * The newest recorded origin that belongs to this payment: its editor's portfolio, or its order's chat
 * room. `roomId` undefined: the room is still being looked up, and a chat origin met before any match
 * leaves the answer undecided (undefined) rather than passing over what may be the right one; null: the
 * room cannot be known, so no chat origin matches.
 */
export function originForPayment(
  origins: CheckoutOrigin[],
  payment: { editorId: string; roomId: string | null | undefined },
): CheckoutOrigin | null | undefined {
  for (const o of origins) {
    if (o.kind === 'portfolio') {
      if (o.editorId === payment.editorId) return o;
    } else if (payment.roomId === undefined) {
      return undefined;
    } else if (o.roomId === payment.roomId) {
      return o;
    }
  }
  return null;
}

export const simulatorCheckoutUrl = (paymentSessionId: string) =>
  `/simulator/checkout/${encodeURIComponent(paymentSessionId)}`;

/**
 * Opens the checkout in a new tab. For the simulator a tab is reserved while the click still counts
 * as the user's (popup blockers), then pointed at the checkout page once the server has answered.
 */
export class CheckoutLauncher {
  private tab: Window | null = null;

  constructor(
    private readonly provider: PaymentProvider | undefined,
    private readonly cashfree: Cashfree | null,
  ) {}

  /** Call first thing in the submit handler. */
  reserveTab(): void {
    if (this.provider !== 'simulator') return;
    this.tab = window.open('about:blank', '_blank');
    if (this.tab) this.tab.opener = null;
  }

  /** Nothing to launch (the server refused): give back the reserved tab. */
  cancel(): void {
    this.tab?.close();
    this.tab = null;
  }

  /**
   * Opens the checkout. Not launched when Cashfree.js is not available, or when its checkout() answers
   * with an error (an expired or invalid session, a blocked popup...): `message` then says why.
   */
  async launch(
    paymentSessionId: string,
    provider: PaymentProvider,
    mode: PaymentMode,
  ): Promise<LaunchResult> {
    if (provider === 'cashfree') {
      this.cancel();
      const cashfree = this.cashfree ?? (await loadCashfree(mode));
      if (!cashfree) return { launched: false, message: PAYMENT_MESSAGES.gatewayUnavailable };
      // Before checkout(): its promise may settle only once the payer is done, after the result page loaded.
      this.rememberOrigin();
      try {
        const result = await cashfree.checkout({ paymentSessionId, redirectTarget: '_blank' });
        if (result?.error) {
          return { launched: false, message: result.error.message || PAYMENT_MESSAGES.gatewayUnavailable };
        }
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : '';
        return { launched: false, message: message || PAYMENT_MESSAGES.gatewayUnavailable };
      }
      return { launched: true };
    }
    const url = simulatorCheckoutUrl(paymentSessionId);
    this.rememberOrigin();
    if (this.tab && !this.tab.closed) this.tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    this.tab = null;
    return { launched: true };
  }

  private rememberOrigin(): void {
    const origin = checkoutOriginOf(window.location);
    if (origin) rememberCheckoutOrigin(origin);
  }
}

export type LaunchResult = { launched: true } | { launched: false; message: string };
