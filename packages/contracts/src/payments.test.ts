import { describe, expect, it } from 'vitest';
import {
  createPaymentInputSchema,
  paymentResultTitle,
  paymentSessionIdOf,
  paymentStatusLabel,
  REFUND_CHOICE_MESSAGES,
  refundInputSchema,
} from './payments';

describe('payment session id in a reply', () => {
  it('takes paymentSessionId, else raw.payment_session_id, else nothing', () => {
    expect(paymentSessionIdOf({ paymentSessionId: 'session_a' })).toBe('session_a');
    expect(paymentSessionIdOf({ raw: { payment_session_id: 'session_b' } })).toBe('session_b');
    expect(paymentSessionIdOf({ paymentSessionId: '', raw: { payment_session_id: 'session_c' } })).toBe(
      'session_c',
    );
    expect(paymentSessionIdOf({ orderId: 'x' })).toBeNull();
    expect(paymentSessionIdOf({ raw: null })).toBeNull();
    expect(paymentSessionIdOf(null)).toBeNull();
    expect(paymentSessionIdOf('session_d')).toBeNull();
  });
});

describe('payment form', () => {
  it('wants 10 digits for the phone, written the ways people write Indian numbers', () => {
    for (const typed of [
      ' 9876543210 ',
      '98765 43210',
      '+91 98765 43210',
      '+919876543210',
      '91 98765 43210',
      '098765-43210',
      '(98765) 43210',
      '98765\u00a043210',
      '\uff19\uff18\uff17\uff16\uff15\uff14\uff13\uff12\uff11\uff10',
      '98765\u200b43210',
    ]) {
      expect(createPaymentInputSchema.parse({ phone: typed })).toEqual({
        phone: '9876543210',
        creatorNote: '',
      });
    }
    for (const phone of [
      '987654321',
      '98765432100',
      '98765-4321',
      '',
      '+1 98765 43210',
      '+91 98765 4321x',
      '9'.repeat(70),
    ]) {
      const r = createPaymentInputSchema.safeParse({ phone });
      expect(r.error?.issues[0]?.message).toBe('Please enter a valid 10-digit phone number');
    }
  });
});

describe('refund input', () => {
  it('refuses a missing, null or empty amount without `full: true` (issue 25), and defaults the note', () => {
    for (const body of [
      {},
      { refundAmount: null, refundNote: '  ' },
      { refundAmount: '', refundNote: 'Late' },
    ]) {
      const parsed = refundInputSchema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(REFUND_CHOICE_MESSAGES.missing);
    }
    expect(refundInputSchema.parse({ full: true, refundNote: '  ' })).toEqual({
      full: true,
      refundNote: 'Refund initiated by admin',
    });
    expect(refundInputSchema.safeParse({ full: true, refundAmount: 10 }).error?.issues[0]?.message).toBe(
      REFUND_CHOICE_MESSAGES.both,
    );
    expect(refundInputSchema.parse({ refundAmount: 499.5 }).refundAmount).toBe(499.5);
  });

  it('refuses zero, negatives, fractions of paise and notes outside 3–100 characters', () => {
    for (const refundAmount of [0, -1, 1.234, 'ten']) {
      expect(refundInputSchema.safeParse({ refundAmount }).success).toBe(false);
    }
    expect(refundInputSchema.safeParse({ refundNote: 'ok' }).success).toBe(false);
    expect(refundInputSchema.safeParse({ refundNote: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('status texts', () => {
  it('titles the result page by status and shows INITIATED as processing', () => {
    expect(paymentResultTitle('SUCCESS')).toBe('Payment Successful!');
    expect(paymentResultTitle('INITIATED')).toBe('Payment Processing');
    expect(paymentResultTitle('FAILED')).toBe('Payment Failed');
    expect(paymentResultTitle('REFUNDED')).toBe('Payment Status Unknown');
    expect(paymentResultTitle(undefined)).toBe('Payment Status Unknown');
    // A checkout the payer cancelled is not called a failure; a decline still is.
    expect(paymentResultTitle('FAILED', 'cancelled')).toBe('Payment Cancelled');
    expect(paymentResultTitle('FAILED', 'failed')).toBe('Payment Failed');
    expect(paymentResultTitle('FAILED', 'expired')).toBe('Payment Failed');
    expect(paymentResultTitle('SUCCESS', 'cancelled')).toBe('Payment Successful!');
    expect(paymentStatusLabel('INITIATED')).toBe('processing');
    expect(paymentStatusLabel('SUCCESS')).toBe('SUCCESS');
  });
});
