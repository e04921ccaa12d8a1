// The loader ships without types; this is the part of Cashfree.js we use.
declare module '@cashfreepayments/cashfree-js' {
  export interface CashfreeCheckoutOptions {
    paymentSessionId: string;
    /** '_self' (default), '_blank', '_top', '_modal' or an element. */
    redirectTarget?: '_self' | '_blank' | '_top' | '_modal' | HTMLElement;
  }
  export interface Cashfree {
    checkout(options: CashfreeCheckoutOptions): Promise<unknown>;
  }
  export function load(options: { mode: 'sandbox' | 'production' }): Promise<Cashfree | null>;
}
