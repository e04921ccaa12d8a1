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
    if (this.tab && !this.tab.closed) this.tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    this.tab = null;
    return { launched: true };
  }
}

export type LaunchResult = { launched: true } | { launched: false; message: string };
