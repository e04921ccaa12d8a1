import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderEarnings, payoutAccounts } from '../../src/db/schema';
import { simulatorSplitsFor } from '../../src/modules/payments/gateway';
import type { ApiClient } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';
import { eventually } from '../fakes/payment-fixtures';
import { BANK } from './fixtures';

/** Saves payout details and waits until the vendor reaches `state` (as the editor's page shows it). */
export async function vendorIn(api: ApiClient, editor: TestUser, state: string, details: object = BANK) {
  const saved = await api.put('/api/earnings/payout-details', details, { token: editor.token });
  expect(saved.status).toBe(200);
  return untilVendor(api, editor, state);
}

/** The editor's payout account once its vendor is in `state`. */
export function untilVendor(api: ApiClient, editor: TestUser, state: string, ms = 10_000) {
  return eventually(async () => {
    const res = await api.get('/api/earnings', { token: editor.token });
    return res.body.payoutAccount?.vendorState === state ? res.body.payoutAccount : null;
  }, ms);
}

export async function accountOf(server: TestServer, editor: TestUser) {
  const [row] = await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id));
  return row!;
}

export async function splitStateOf(server: TestServer, orderId: string) {
  const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
  return row?.splitState;
}

/** The simulated gateway's vendors, which tests drive as Cashfree's onboarding team would. */
export const simulatedVendors = (server: TestServer) => simulatorSplitsFor(server.app)!.vendors;
