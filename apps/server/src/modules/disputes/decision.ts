import { and, eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES, paiseFromRupees, type DecideDisputeInput, type Dispute } from '@cutroom/contracts';
import { disputes } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { carryOutDisputeDecision, lockOrder } from '../orders';
import type { DisputeService } from './service';
import { moveDispute } from './states';

/**
 * An admin decides a dispute with admins: the decision is recorded on the dispute and carried out on the
 * order in one transaction, so it happens once. A mutual settlement racing it locks the same order
 * first: whichever commits first wins, and the other finds the dispute (or the order) moved on.
 */
export async function decideDispute(
  service: DisputeService,
  admin: { id: string; role: 'admin' },
  id: string,
  input: DecideDisputeInput,
): Promise<Dispute> {
  const { k } = service.deps;
  const orderId = await k.run(async (tx, fx) => {
    const [ref] = await tx.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, id));
    if (!ref) throw notFound(DISPUTE_MESSAGES.notFound);
    await lockOrder(tx, ref.orderId);
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(and(eq(disputes.id, id)))
      .for('update');
    if (dispute!.status !== 'with_admins') throw conflict(DISPUTE_MESSAGES.notWithAdmins);
    const amountPaise = input.amount === undefined ? undefined : paiseFromRupees(input.amount);
    const { order, refundPaise } = await carryOutDisputeDecision(k, tx, fx, admin, ref.orderId, id, {
      kind: input.decision,
      amountPaise,
      note: input.note,
    });
    const row = await moveDispute(
      tx,
      id,
      'decided',
      {
        decision: input.decision,
        decisionAmountPaise: amountPaise ?? null,
        decisionNote: input.note,
        decidedById: admin.id,
      },
      ['with_admins'],
    );
    if (!row) throw conflict(DISPUTE_MESSAGES.notWithAdmins);
    service.announce(fx, row, order, { step: 'decided', refundPaise });
    return order.id;
  });
  // Deciding it reads the admin's notice that it waited.
  await k.acted(admin, orderId);
  return service.view(admin, id);
}
