import type { ReconciliationFindingKind } from '@cutroom/contracts';
import type { Db } from '../../../db/client';
import { reconciliationFindings } from '../../../db/schema';

export interface NewFinding {
  /** Names the mismatch: a later pass (or a repeated webhook) that sees it again records nothing. */
  key: string;
  kind: ReconciliationFindingKind;
  gatewayOrderId?: string | null;
  cutroomOrderId?: string | null;
  amountPaise?: number | null;
  found: string;
  action: string;
  runId?: string | null;
}

/**
 * Records what our records and the gateway's disagreed on, and what was done, for the admin's
 * Reconciliation page. Pass the transaction that made the correction, so the two stand or fall together.
 * True when it is new.
 */
export async function recordFinding(db: Db, finding: NewFinding): Promise<boolean> {
  const rows = await db
    .insert(reconciliationFindings)
    .values({
      key: finding.key,
      kind: finding.kind,
      gatewayOrderId: finding.gatewayOrderId ?? null,
      cutroomOrderId: finding.cutroomOrderId ?? null,
      amountPaise: finding.amountPaise ?? null,
      found: finding.found,
      action: finding.action,
      runId: finding.runId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: reconciliationFindings.id });
  return rows.length > 0;
}
