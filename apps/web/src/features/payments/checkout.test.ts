import type { Cashfree } from '@cashfreepayments/cashfree-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutLauncher } from './checkout';

const sdk = (result: unknown): Cashfree =>
  ({
    checkout: vi.fn(() => (result instanceof Error ? Promise.reject(result) : Promise.resolve(result))),
  }) as never;

describe('launching Cashfree checkout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports the error cashfree.checkout() resolves with instead of claiming it launched', async () => {
    const launcher = new CheckoutLauncher(
      'cashfree',
      sdk({ error: { message: 'payment_session_id is expired', code: 'session_expired' } }),
    );
    expect(await launcher.launch('session_x', 'cashfree', 'sandbox')).toEqual({
      launched: false,
      message: 'payment_session_id is expired',
    });
  });

  it('reports a rejected checkout, and launches on a redirect or payment details', async () => {
    const rejected = await new CheckoutLauncher('cashfree', sdk(new Error('boom'))).launch(
      'session_x',
      'cashfree',
      'sandbox',
    );
    expect(rejected.launched).toBe(false);
    for (const ok of [{ redirect: true }, { paymentDetails: { paymentMessage: 'ok' } }, undefined]) {
      const cashfree = sdk(ok);
      expect(
        await new CheckoutLauncher('cashfree', cashfree).launch('session_y', 'cashfree', 'sandbox'),
      ).toEqual({
        launched: true,
      });
      expect(cashfree.checkout).toHaveBeenCalledWith({
        paymentSessionId: 'session_y',
        redirectTarget: '_blank',
      });
    }
  });
});
