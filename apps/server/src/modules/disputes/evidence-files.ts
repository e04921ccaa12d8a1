import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  DISPUTE_FILE_LIMITS,
  DISPUTE_FILE_MESSAGES,
  disputeActions,
  type Dispute,
  type Role,
} from '@cutroom/contracts';
import type { FastifyRequest } from 'fastify';
import { disputeEvidence } from '../../db/schema';
import { screenTexts } from '../../lib/contact-screen';
import { conflict, notFound } from '../../lib/http-error';
import type { Storage } from '../../lib/storage';
import { receiveEvidence } from './evidence-upload';
import { refusal } from './refusals';
import type { DisputeService } from './service';
import { viewerOfDispute } from './shape';

type Actor = { id: string; role: Role };

/**
 * Files as evidence: each side attaches its own while the dispute is open, up to
 * DISPUTE_FILE_LIMITS.perSide; the two sides and admins download them. The bytes go to private storage
 * before the dispute is locked (an upload may take minutes), and are removed again if the row is refused.
 */
export class DisputeFiles {
  constructor(
    private readonly disputes: DisputeService,
    private readonly storage: Storage,
  ) {}

  async attach(actor: Actor, id: string, request: FastifyRequest): Promise<Dispute> {
    // Strangers are told the dispute does not exist, and a closed dispute or a full side is refused,
    // all before a byte of the file is read.
    const { dispute, order } = await this.disputes.load(actor, id);
    const viewer = viewerOfDispute(order, actor);
    if (!disputeActions(dispute, viewer).includes('attach')) throw refusal(dispute, viewer, 'attach');
    const side = viewer === 'creator' ? 'creator' : 'editor';
    if ((await this.filesOf(this.disputes.deps.db, id, side)) >= DISPUTE_FILE_LIMITS.perSide)
      throw conflict(DISPUTE_FILE_MESSAGES.tooMany);
    const file = await receiveEvidence(this.storage, request);
    // Set once the row is written: a failure after that (the commit, or what runs after it) must not
    // remove bytes a committed row may name; at worst an unnamed file stays, never served.
    let written = false;
    try {
      const suspicion = screenTexts({ source: 'dispute_statement', orderId: order.id }, file.name);
      const { k } = this.disputes.deps;
      await k.run(async (tx, fx) => {
        // Checked again under the lock: the dispute may have closed, or the side's other uploads landed.
        const locked = await this.disputes.lockFor(tx, actor, id, 'attach');
        if ((await this.filesOf(tx, id, locked.side)) >= DISPUTE_FILE_LIMITS.perSide)
          throw conflict(DISPUTE_FILE_MESSAGES.tooMany);
        await tx.insert(disputeEvidence).values({
          disputeId: id,
          side: locked.side,
          fileKey: file.key,
          fileType: file.type,
          fileBytes: file.bytes,
          fileSha256: file.sha256,
          summary: file.name,
        });
        await k.flag(tx, fx, suspicion, {
          source: 'dispute_statement',
          authorId: actor.id,
          order: locked.order,
        });
        fx.afterCommit(async () => this.disputes.screensHear(locked.dispute, locked.order));
        written = true;
      });
    } catch (err) {
      if (!written) await this.storage.delete('private', file.key).catch(() => undefined);
      throw err;
    }
    return this.disputes.view(actor, id);
  }

  /** An attached file's key and type, for the two sides and admins; anyone else is told it does not exist. */
  async fileOf(actor: Actor, id: string, evidenceId: string) {
    await this.disputes.load(actor, id);
    const [row] = await this.disputes.deps.db
      .select({ key: disputeEvidence.fileKey, type: disputeEvidence.fileType })
      .from(disputeEvidence)
      .where(
        and(
          eq(disputeEvidence.id, evidenceId),
          eq(disputeEvidence.disputeId, id),
          isNotNull(disputeEvidence.fileKey),
        ),
      );
    if (!row?.key || !row.type) throw notFound(DISPUTE_FILE_MESSAGES.notFound);
    return { key: row.key, type: row.type };
  }

  private async filesOf(db: DisputeService['deps']['db'], id: string, side: 'creator' | 'editor') {
    const [row] = await db
      .select({ n: count() })
      .from(disputeEvidence)
      .where(
        and(
          eq(disputeEvidence.disputeId, id),
          eq(disputeEvidence.side, side),
          isNotNull(disputeEvidence.fileKey),
        ),
      );
    return row?.n ?? 0;
  }
}
