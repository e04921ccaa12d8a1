// The loader ships without types; this is the part of Cashfree.js we use.
declare module '@cashfreepayments/cashfree-js' {
  export interface CashfreeCheckoutOptions {
    paymentSessionId: string;
    /** '_self' (default), '_blank', '_top', '_modal' or an element. */
    redirectTarget?: '_self' | '_blank' | '_top' | '_modal' | HTMLElement;
  }
  /** What checkout() resolves with: an error, or (depending on the target) a redirect or the payment. */
  export interface CashfreeCheckoutResult {
    error?: { message?: string; code?: string; type?: string };
    redirect?: boolean;
    paymentDetails?: { paymentMessage?: string };
  }
  export interface Cashfree {
    checkout(options: CashfreeCheckoutOptions): Promise<CashfreeCheckoutResult | undefined>;
  }
  export function load(options: { mode: 'sandbox' | 'production' }): Promise<Cashfree | null>;
}
