import { desc, eq } from 'drizzle-orm';
import { deliveries } from '../../db/schema';
import type { JobRow, JobRunner } from '../../lib/jobs';
import type { Suspicion } from '../../lib/contact-screen';
import { markDelivered, type OrderKernel, type OrderRow } from '../orders';
import { PREVIEW_JOB, type PreviewJobPayload } from './preview-job';
import type { DeliveryRow } from './records';
import type { ReceivedDelivery } from './upload';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The delivery, its preview job and its order's move to `delivered` in one transaction, numbered 1, 2,
 * 3… within the room: a delivery never exists without its order knowing.
 */
export async function recordDelivery(
  deps: { orders: OrderKernel; jobs: JobRunner },
  fields: { note: string; order: OrderRow; suspicion: Suspicion | null; editorId: string },
  received: ReceivedDelivery,
): Promise<{ delivery: DeliveryRow; job: JobRow; order: OrderRow }> {
  const { order } = fields;
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.orders.run(async (tx, fx) => {
        const [last] = await tx
          .select({ number: deliveries.number })
          .from(deliveries)
          .where(eq(deliveries.roomId, order.roomId))
          .orderBy(desc(deliveries.number))
          .limit(1);
        const [row] = await tx
          .insert(deliveries)
          .values({
            roomId: order.roomId,
            creatorId: order.creatorId,
            editorId: order.editorId,
            cutroomOrderId: order.id,
            number: (last?.number ?? 0) + 1,
            tier: order.tier,
            note: fields.note,
            originalKey: received.file.key,
            mimeType: received.file.mimeType,
            mediaKind: received.file.kind,
            sizeBytes: received.file.sizeBytes,
          })
          .returning();
        const job = await deps.jobs.enqueue<PreviewJobPayload>(
          PREVIEW_JOB,
          { deliveryId: row!.id },
          { db: tx },
        );
        const [delivery] = await tx
          .update(deliveries)
          .set({ previewJobId: job.id })
          .where(eq(deliveries.id, row!.id))
          .returning();
        const moved = await markDelivered(deps.orders, tx, fx, order.id, delivery!);
        await deps.orders.flag(tx, fx, fields.suspicion, {
          source: 'delivery_note',
          authorId: fields.editorId,
          order,
        });
        return { delivery: delivery!, job, order: moved };
      });
    } catch (err) {
      // Two deliveries to one room at the same moment took the same number: take the next one.
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}
