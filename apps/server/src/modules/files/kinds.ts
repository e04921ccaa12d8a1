import type { OrderFileKind, UploadMetadata } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { SessionUser } from '../auth';
import type { OrderRow } from '../orders';
import type { OrderFileRow } from './records';

export type UploadActor = Pick<SessionUser, 'id' | 'role'>;

/** A creation being decided: the caller, their side of the order, and what they announced. */
export interface UploadRequest {
  db: Db;
  actor: UploadActor;
  side: 'creator' | 'editor';
  order: OrderRow;
  meta: UploadMetadata;
  length: number;
}

/**
 * What a kind of file (footage, a delivery) decides about its uploads. The files module runs the
 * protocol, the limits common to all and the check; the kind says who may send, when, how much, what
 * the bytes must be, and what happens once they are whole. Deliveries register theirs from their module.
 */
export interface UploadKindPolicy {
  maxBytes(): number;
  tooLarge(limit: number): string;
  /** Before the store makes anything: throws an HttpError to refuse. */
  authorize(req: UploadRequest): Promise<void>;
  /**
   * With the order's row locked, in the transaction that records the upload: what must not be decided
   * by two creations at once (an allowance). Throws an HttpError to refuse.
   */
  reserve?(req: { tx: Db; order: OrderRow; length: number }): Promise<void>;
  /** Whether a PATCH may still add bytes (the order may have moved on): the refusal, or null. */
  refusePatch(order: OrderRow): string | null;
  /** What the sniffed bytes may not be: the refusal, or null when the kind keeps them. */
  refuseContent(facts: { mime: string | undefined; size: number; claimsVideo: boolean }): string | null;
  /** The file is whole, checked and in private storage. An HttpError thrown refuses it with its message. */
  ready(file: OrderFileRow): Promise<void>;
}

/** The kinds the server takes, registered at start. */
export class UploadKinds {
  private readonly policies = new Map<OrderFileKind, UploadKindPolicy>();

  register(kind: OrderFileKind, policy: UploadKindPolicy): void {
    if (this.policies.has(kind)) throw new Error(`upload kind ${kind} is already registered`);
    this.policies.set(kind, policy);
  }

  get(kind: OrderFileKind): UploadKindPolicy | null {
    return this.policies.get(kind) ?? null;
  }
}
