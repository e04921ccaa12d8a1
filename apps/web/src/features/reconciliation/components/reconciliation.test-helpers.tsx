import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  RECONCILIATION_FINDING_LABELS,
  RECONCILIATION_MESSAGES,
  type ReconciliationFinding,
  type ReconciliationRun,
} from '@cutroom/contracts/reconciliation';
import type { ReconciliationPage } from '../api/get-reconciliation';

/** Data and a fake reconciliation API for the feature's tests (reconciliation-page.test.tsx). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const run: ReconciliationRun = {
  id: 'run1',
  trigger: 'schedule',
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:04.000Z',
  checked: { payments: 12, refunds: 3, splits: 1 },
  findings: 2,
  error: null,
};

export const paymentFound: ReconciliationFinding = {
  id: 'f2',
  kind: 'payment_confirmed',
  kindLabel: RECONCILIATION_FINDING_LABELS.payment_confirmed,
  gatewayOrderId: 'cr_order_abc123',
  orderId: 'o42',
  orderReference: 'CR-1042',
  amount: 2499,
  found: 'The gateway had a successful payment of ₹2,499; we had no word of it.',
  action: 'The payment was recorded and the order marked paid.',
  createdAt: '2026-11-24T10:00:03.000Z',
};

export const refundResent: ReconciliationFinding = {
  id: 'f1',
  kind: 'refund_resent',
  kindLabel: RECONCILIATION_FINDING_LABELS.refund_resent,
  gatewayOrderId: 'cr_order_def456',
  orderId: null,
  orderReference: null,
  amount: 1000.5,
  found: 'The gateway had no record of refund rf_9.',
  action: 'Sent again with the same id.',
  createdAt: '2026-11-24T10:00:02.000Z',
};

export const page = (over: Partial<ReconciliationPage> = {}): ReconciliationPage => ({
  items: [paymentFound, refundResent],
  nextCursor: null,
  lastRun: run,
  ...over,
});

/**
 * Answers GET /api/admin/reconciliation with `recon.list(url)` and POST …/run with `recon.run()` for each
 * test of the describe it is called in; `recon.calls()` lists every "METHOD address" fetched, in order.
 */
export function mockReconciliationApi() {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  const recon = {
    list: (_url: URL): Response | Promise<Response> => json(200, page()),
    run: (): Response | Promise<Response> =>
      json(200, { run: { ...run, id: 'run2', trigger: 'admin' }, message: RECONCILIATION_MESSAGES.ran }),
    calls: () =>
      (fetchSpy.mock.calls as [string, RequestInit | undefined][]).map(
        ([url, init]) => `${init?.method ?? 'GET'} ${url}`,
      ),
  };
  const defaults = { list: recon.list, run: recon.run };
  beforeEach(() => {
    Object.assign(recon, defaults);
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/admin/reconciliation' && (init?.method ?? 'GET') === 'GET') {
        return recon.list(url);
      }
      if (url.pathname === '/api/admin/reconciliation/run' && init?.method === 'POST') return recon.run();
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return recon;
}
