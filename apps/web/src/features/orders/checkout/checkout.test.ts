import type { Cashfree } from '@cashfreepayments/cashfree-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CheckoutLauncher,
  checkoutOriginOf,
  originForPayment,
  recentCheckoutOrigins,
  rememberCheckoutOrigin,
  type CheckoutOrigin,
} from './checkout';

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

describe('remembering where a checkout started', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('knows the two places Pay buttons live, and nothing else', () => {
    expect(checkoutOriginOf({ pathname: '/portfolio/e1', search: '' })).toEqual({
      kind: 'portfolio',
      editorId: 'e1',
    });
    expect(checkoutOriginOf({ pathname: '/chat', search: '?roomId=r1' })).toEqual({
      kind: 'chat',
      roomId: 'r1',
    });
    expect(checkoutOriginOf({ pathname: '/chat', search: '' })).toBeNull();
    expect(checkoutOriginOf({ pathname: '/portfolio', search: '?q=riya' })).toBeNull();
    expect(checkoutOriginOf({ pathname: '/profile/orders', search: '' })).toBeNull();
  });

  it('keeps the last 20 of a day, newest first, and survives what others left in storage', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    rememberCheckoutOrigin({ kind: 'chat', roomId: 'old' }, now - 25 * 3600_000);
    for (let i = 0; i < 25; i++) rememberCheckoutOrigin({ kind: 'chat', roomId: `r${i}` }, now - (25 - i));
    const recent = recentCheckoutOrigins(now);
    expect(recent).toHaveLength(20);
    expect(recent[0]).toEqual({ kind: 'chat', roomId: 'r24' });
    expect(recent.some((o) => o.kind === 'chat' && o.roomId === 'old')).toBe(false);
    localStorage.setItem('cutroom:checkout-origins', '{"not":"a list"}');
    expect(recentCheckoutOrigins(now)).toEqual([]);
    localStorage.setItem('cutroom:checkout-origins', 'not json');
    expect(recentCheckoutOrigins(now)).toEqual([]);
  });

  it("matches a payment to the newest origin of its own editor or its order's room", () => {
    const origins: CheckoutOrigin[] = [
      { kind: 'portfolio', editorId: 'someone-else' },
      { kind: 'chat', roomId: 'room-x' },
      { kind: 'portfolio', editorId: 'e1' },
    ];
    // The room is known: room-x is another chat, so the editor's portfolio it is.
    expect(originForPayment(origins, { editorId: 'e1', roomId: 'room-1' })).toEqual(origins[2]);
    expect(originForPayment(origins, { editorId: 'e1', roomId: 'room-x' })).toEqual(origins[1]);
    // Still looking the room up: a chat met first may be the one, so no answer yet.
    expect(originForPayment(origins, { editorId: 'e1', roomId: undefined })).toBeUndefined();
    // The room cannot be known: chats never match.
    expect(originForPayment(origins, { editorId: 'e9', roomId: null })).toBeNull();
  });

  it('is written when a checkout launches, from the page that launched it', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    window.history.replaceState(null, '', '/chat?roomId=room-1');
    await new CheckoutLauncher('simulator', null).launch('session_a', 'simulator', 'sandbox');
    window.history.replaceState(null, '', '/portfolio/e1');
    const cashfree = sdk({ redirect: true });
    await new CheckoutLauncher('cashfree', cashfree).launch('session_b', 'cashfree', 'production');
    expect(recentCheckoutOrigins()).toEqual([
      { kind: 'portfolio', editorId: 'e1' },
      { kind: 'chat', roomId: 'room-1' },
    ]);
  });
});
