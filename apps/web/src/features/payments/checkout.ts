import type { Cashfree } from '@cashfreepayments/cashfree-js';
import type { PaymentMode, PaymentProvider } from '@cutroom/contracts';

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

  /** Resolves false when Cashfree.js is not available. */
  async launch(paymentSessionId: string, provider: PaymentProvider, mode: PaymentMode): Promise<boolean> {
    if (provider === 'cashfree') {
      this.cancel();
      const cashfree = this.cashfree ?? (await loadCashfree(mode));
      if (!cashfree) return false;
      await cashfree.checkout({ paymentSessionId, redirectTarget: '_blank' });
      return true;
    }
    const url = simulatorCheckoutUrl(paymentSessionId);
    if (this.tab && !this.tab.closed) this.tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    this.tab = null;
    return true;
  }
}
