import type { EarningRow, EarningsSummary, PayoutAccount } from '@cutroom/contracts/payouts';
import type { TaxDocumentSummary, TaxProfile } from '@cutroom/contracts';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const anAccount = (over: Partial<PayoutAccount> = {}): PayoutAccount => ({
  method: 'bank',
  accountHolder: 'Riya Sharma',
  masked: 'A/c •••• 6789 · HDFC0001234',
  vendorState: 'active',
  vendorError: null,
  gatewayStatus: 'ACTIVE',
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
  // Rows from before issue 27 carry no taxes; tests of the breakdown set them.
  gstOnCommission: 0,
  tcs: 0,
  tds: 0,
  share: 4000,
  state: 'clearing',
  gateway: 'held',
  availableAt: '2026-11-12T10:00:00.000Z',
  ...over,
});

export const aTaxProfile = (over: Partial<TaxProfile> = {}): TaxProfile => ({
  legalName: 'Riya Sharma',
  entityType: 'individual',
  stateCode: '29',
  stateName: 'Karnataka',
  pan: '••••••234F',
  aadhaar: null,
  gstin: null,
  registered: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const aTaxDocument = (over: Partial<TaxDocumentSummary> = {}): TaxDocumentSummary => ({
  id: 'd-1',
  kind: 'commission_invoice',
  kindLabel: 'Tax invoice for commission',
  number: 'CR/INV/2026-27/000042',
  issuedAt: '2026-11-12T10:00:00.000Z',
  orderId: 'o-1',
  orderReference: 'CR-10482',
  total: 1180,
  refersTo: null,
  ...over,
});
