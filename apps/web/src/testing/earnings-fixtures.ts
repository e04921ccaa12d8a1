import type { EarningRow, EarningsSummary, PayoutAccount } from '@cutroom/contracts/payouts';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const anAccount = (over: Partial<PayoutAccount> = {}): PayoutAccount => ({
  method: 'bank',
  accountHolder: 'Riya Sharma',
  masked: 'A/c •••• 6789 · HDFC0001234',
  vendorState: 'active',
  vendorError: null,
  heldUntil: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const aSummary = (over: Partial<EarningsSummary> = {}): EarningsSummary => ({
  balances: { available: 4000, pending: 7999.2, paidOut: 12000 },
  payoutAccount: anAccount(),
  feePercent: 20,
  clearingDays: 7,
  settlements: [],
  ...over,
});

export const aRow = (over: Partial<EarningRow> = {}): EarningRow => ({
  orderId: 'o-1',
  reference: 'CR-10482',
  title: 'Wedding teaser',
  paidAt: '2026-11-01T10:00:00.000Z',
  gross: 5000,
  refunded: 0,
  feePercent: 20,
  commission: 1000,
  share: 4000,
  state: 'clearing',
  availableAt: '2026-11-12T10:00:00.000Z',
  ...over,
});
