import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { payoutAccounts, payoutAdjustments } from '../src/db/schema';
import { moveAdjustment, moveVendor } from '../src/modules/payouts/states';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { createTestUser } from './helpers/users';

/** The payout states in the database: a CHECK keeps each column to its union, and a move is conditional. */
describe('payout states in the database', () => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
  });
  afterAll(() => testDb?.drop());

  const account = async (vendorState: 'pending' | 'failed') => {
    const editor = await createTestUser(db, 'editor');
    await db.insert(payoutAccounts).values({
      editorId: editor.id,
      method: 'upi',
      accountHolder: 'Test Editor',
      detailsSealed: 'sealed',
      masked: 'te•••@okicici',
      vendorId: `ED_${editor.id.replace(/-/g, '')}`,
      vendorState,
    });
    return editor.id;
  };

  it('refuses a vendor state outside the union', async () => {
    const editorId = await account('pending');
    const refused = await db
      .execute(sql`update payout_accounts set vendor_state = 'paused' where editor_id = ${editorId}`)
      .then(
        () => null,
        (err: Error) => err,
      );
    // drizzle wraps the database's error ("Failed query: …") and keeps it as the cause.
    expect(String((refused as { cause?: unknown } | null)?.cause ?? refused)).toContain(
      'payout_accounts_vendor_state_ck',
    );
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editorId));
    expect(row!.vendorState).toBe('pending');
  });

  it('holds a CHECK on the split and adjustment states too', async () => {
    const rows = await db.execute(
      sql`select conname from pg_constraint where conname in ('order_earnings_split_state_ck', 'payout_accounts_vendor_state_ck', 'payout_adjustments_state_ck') order by conname`,
    );
    expect((rows as unknown as { rows: { conname: string }[] }).rows.map((r) => r.conname)).toEqual([
      'order_earnings_split_state_ck',
      'payout_accounts_vendor_state_ck',
      'payout_adjustments_state_ck',
    ]);
  });

  it('moves an adjustment only from the states its table allows: a done one stays done', async () => {
    const editorId = await account('pending');
    const [row] = await db
      .insert(payoutAdjustments)
      .values({ editorId, amountPaise: 5000, type: 'DEBIT' })
      .returning();
    const done = await moveAdjustment(db, row!.id, 'done');
    expect(done.map((r) => r.state)).toEqual(['done']);
    // A late "failed" answer (an overlapping run) and an admin's Retry both find nothing to move.
    expect(await moveAdjustment(db, row!.id, 'failed', { error: 'late' })).toEqual([]);
    expect(await moveAdjustment(db, row!.id, 'requested')).toEqual([]);
    const [after] = await db.select().from(payoutAdjustments).where(eq(payoutAdjustments.id, row!.id));
    expect(after).toMatchObject({ state: 'done', error: null });
  });

  it('moves a vendor state only from the previous states asked for, once', async () => {
    const editorId = await account('failed');
    const which = eq(payoutAccounts.editorId, editorId);
    const first = await moveVendor(db, which, 'pending', { from: ['failed'], set: { vendorError: null } });
    expect(first.map((r) => r.vendorState)).toEqual(['pending']);
    // No longer failed: a second retry changes nothing.
    expect(await moveVendor(db, which, 'pending', { from: ['failed'] })).toEqual([]);
  });
});
