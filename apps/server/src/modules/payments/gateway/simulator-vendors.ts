import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { insertJob } from '../../../lib/jobs/store';
import { simVendors } from './simulator-tables';
import type {
  GatewayVendor,
  GatewayVendorDocument,
  GatewayVendorDocumentInput,
  GatewayVendorInput,
} from './split-types';
import { GatewayError } from './types';
import { vendorStatusWebhook } from './simulator-webhooks';

/** The simulated KYC review of a vendor: IN_BENE_CREATION becomes ACTIVE when it runs. */
export const SIMULATOR_REVIEW_VENDOR_JOB = 'simulator.review-vendor';

/** Cashfree's words, as near as its dashboard puts them, for a vendor sent without a PAN. */
export const SIM_NO_PAN_REMARKS = 'PAN is required for vendor KYC: add the PAN of the vendor';

export interface SimulatorVendorOptions {
  db: Db;
  /** How long the simulated review of a vendor's KYC takes (0: at once, by a job). */
  reviewAfterMs: () => number;
  /** Sends a signed webhook to our endpoint (as the payment simulator does). */
  send: (payload: unknown) => Promise<void>;
  /** A vendor became ACTIVE: what became eligible while it was not is settled. */
  onActive: (db: Db, vendorId: string) => Promise<void>;
}

type SimVendor = typeof simVendors.$inferSelect;
type Kyc = NonNullable<SimVendor['kyc']>;

const VENDOR_ID = /^[A-Za-z0-9_]{3,50}$/;
/** The number documents' formats, as Cashfree checks them. */
const DOC_FORMATS: Record<string, RegExp> = {
  PAN_NUMBER: /^[A-Z]{5}[0-9]{4}[A-Z]$/,
  GSTIN_NUMBER: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
  UIDAI_NUMBER: /^[0-9]{12}$/,
};
const refuse = (message: string, code = 'api_request_failed') =>
  new GatewayError(502, message, true, code, 400);

/**
 * Easy Split's vendors as the simulator plays them, with Cashfree's KYC rule: a vendor without a PAN
 * waits in ACTION_REQUIRED with a reason; one with a PAN is reviewed (IN_BENE_CREATION) before it is
 * ACTIVE; new numbers are reviewed again. Every change of status is told by a VENDOR_STATUS_UPDATE
 * webhook, as Cashfree tells it.
 */
export class SimulatorVendors {
  /** Every number document uploaded, in order (kept in memory: tests read it through `documents`). */
  private readonly uploads: { vendorId: string; docType: string; docValue: string }[] = [];

  constructor(private readonly opts: SimulatorVendorOptions) {}

  /**
   * Upload Vendor Docs by number. A malformed number is refused as Cashfree refuses it; a PAN given to a
   * vendor waiting for one moves it into review, as a PAN in kyc_details does, and a new PAN or GSTIN
   * is reviewed again. An Aadhaar number is recorded (the simulated rule still asks for a PAN).
   */
  async uploadDocument(input: GatewayVendorDocumentInput): Promise<GatewayVendorDocument> {
    const format = DOC_FORMATS[input.docType];
    if (!format) throw refuse('doc_type : invalid value', 'doc_type_invalid');
    if (!format.test(input.docValue)) throw refuse('doc_value : invalid value', 'doc_value_invalid');
    const [before] = await this.opts.db
      .select()
      .from(simVendors)
      .where(eq(simVendors.vendorId, input.vendorId));
    if (!before) throw refuse('vendor does not exist');
    this.uploads.push({ ...input });
    const kyc: Kyc = { pan: before.kyc?.pan ?? null, gstin: before.kyc?.gstin ?? null, verified: false };
    if (input.docType === 'PAN_NUMBER') kyc.pan = input.docValue;
    if (input.docType === 'GSTIN_NUMBER') kyc.gstin = input.docValue;
    const same = before.kyc?.pan === kyc.pan && before.kyc?.gstin === kyc.gstin;
    if (same) return { vendorId: input.vendorId, docType: input.docType, status: 'SUBMITTED', remarks: null };
    const waiting = before.status === 'ACTION_REQUIRED' && before.remarks === SIM_NO_PAN_REMARKS;
    const review = kyc.pan && (waiting || ['ACTIVE', 'IN_BENE_CREATION'].includes(before.status));
    const [row] = await this.opts.db
      .update(simVendors)
      .set({ kyc, ...(review ? { status: 'IN_BENE_CREATION', remarks: null } : {}), updatedAt: sql`now()` })
      .where(eq(simVendors.vendorId, input.vendorId))
      .returning();
    if (row) await this.changed(row, before.status);
    return { vendorId: input.vendorId, docType: input.docType, status: 'IN_REVIEW', remarks: null };
  }

  /** The number documents uploaded for a vendor, oldest first (what tests check reached the gateway). */
  documents(vendorId: string): { docType: string; docValue: string }[] {
    return this.uploads
      .filter((u) => u.vendorId === vendorId)
      .map(({ docType, docValue }) => ({ docType, docValue }));
  }

  async create(input: GatewayVendorInput): Promise<GatewayVendor> {
    const destination = checkVendor(input);
    const next = decide(null, input);
    const [row] = await this.opts.db
      .insert(simVendors)
      .values({ vendorId: input.vendorId, name: input.name, destination, ...next })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new GatewayError(409, 'vendor already exists', true, 'vendor_already_exists', 409);
    // Cashfree starts every vendor in beneficiary creation; the webhook says where it went from there.
    await this.changed(row, 'IN_BENE_CREATION');
    return toVendor(row);
  }

  async update(input: GatewayVendorInput): Promise<GatewayVendor> {
    const destination = checkVendor(input);
    const [before] = await this.opts.db
      .select()
      .from(simVendors)
      .where(eq(simVendors.vendorId, input.vendorId));
    if (!before) throw refuse('vendor does not exist');
    const [row] = await this.opts.db
      .update(simVendors)
      .set({ name: input.name, destination, ...decide(before, input), updatedAt: sql`now()` })
      .where(eq(simVendors.vendorId, input.vendorId))
      .returning();
    if (!row) throw refuse('vendor does not exist');
    await this.changed(row, before.status);
    return toVendor(row);
  }

  async get(vendorId: string): Promise<GatewayVendor | null> {
    const [row] = await this.opts.db.select().from(simVendors).where(eq(simVendors.vendorId, vendorId));
    return row ? toVendor(row) : null;
  }

  /** The review job: a vendor still in review with a PAN passes (the simulated checks always pass). */
  async review(vendorId: string): Promise<void> {
    const [before] = await this.opts.db.select().from(simVendors).where(eq(simVendors.vendorId, vendorId));
    if (!before || before.status !== 'IN_BENE_CREATION' || !before.kyc?.pan) return;
    const [row] = await this.opts.db
      .update(simVendors)
      .set({ status: 'ACTIVE', remarks: null, kyc: { ...before.kyc, verified: true }, updatedAt: sql`now()` })
      .where(eq(simVendors.vendorId, vendorId))
      .returning();
    if (row) await this.changed(row, before.status);
  }

  /**
   * What Cashfree's onboarding team or its checks may do to a vendor at any time (ACTION_REQUIRED with a
   * reason, ON_HOLD, ACTIVE…), for tests and by hand; `webhook: false` plays a webhook that was lost.
   */
  async setStatus(
    vendorId: string,
    status: string,
    opts: { remarks?: string | null; webhook?: boolean } = {},
  ): Promise<void> {
    const [before] = await this.opts.db.select().from(simVendors).where(eq(simVendors.vendorId, vendorId));
    if (!before) throw refuse('vendor does not exist');
    const kyc = before.kyc && status === 'ACTIVE' ? { ...before.kyc, verified: true } : before.kyc;
    const [row] = await this.opts.db
      .update(simVendors)
      .set({ status, remarks: opts.remarks ?? null, kyc, updatedAt: sql`now()` })
      .where(eq(simVendors.vendorId, vendorId))
      .returning();
    if (opts.webhook === false) {
      if (row!.status === 'ACTIVE') await this.opts.onActive(this.opts.db, vendorId);
      return;
    }
    await this.changed(row!, before.status);
  }

  private async changed(row: SimVendor, pastStatus: string): Promise<void> {
    // Every save in review gets its review (a job; running it twice changes nothing).
    if (row.status === 'IN_BENE_CREATION') {
      await insertJob(this.opts.db, {
        kind: SIMULATOR_REVIEW_VENDOR_JOB,
        payload: { vendorId: row.vendorId },
        maxAttempts: 5,
        delayMs: this.opts.reviewAfterMs(),
      });
    }
    if (row.status === 'ACTIVE') await this.opts.onActive(this.opts.db, row.vendorId);
    if (row.status !== pastStatus) {
      await this.opts.send(vendorStatusWebhook(row, pastStatus, documentStatus(row.kyc)));
    }
  }
}

/**
 * Where a create or update leaves the vendor. BLOCKED is ours to set (a change of details being held).
 * Without a PAN it needs action; numbers already verified stay verified; new ones are reviewed again.
 */
function decide(before: SimVendor | null, input: GatewayVendorInput) {
  const pan = input.kyc?.pan ?? null;
  const gstin = input.kyc?.gstin ?? null;
  const same = before?.kyc?.pan === pan && before?.kyc?.gstin === gstin;
  const kyc: Kyc = { pan, gstin, verified: Boolean(same && before?.kyc?.verified) };
  if (input.status === 'BLOCKED') return { status: 'BLOCKED', remarks: null, kyc };
  if (!pan) return { status: 'ACTION_REQUIRED', remarks: SIM_NO_PAN_REMARKS, kyc };
  if (kyc.verified) return { status: 'ACTIVE', remarks: null, kyc };
  return { status: 'IN_BENE_CREATION', remarks: null, kyc };
}

/** The webhook's document_status: each KYC number and how far it is. */
function documentStatus(kyc: SimVendor['kyc']): Record<string, string> {
  const state = (given: string | null) =>
    !given ? 'DUE_CURRENTLY' : kyc?.verified ? 'VERIFIED' : 'SUBMITTED';
  return { PAN: state(kyc?.pan ?? null), ...(kyc?.gstin ? { GSTIN: state(kyc.gstin) } : {}) };
}

/**
 * The simulated gateway's rules for destinations: an all-zero account number does not exist (the vendor
 * is refused); an account number ending 0000, or a UPI id starting with "fail", is accepted but every
 * settlement to it fails, so the failure and Retry paths can be tried by hand.
 */
function checkVendor(input: GatewayVendorInput) {
  if (!VENDOR_ID.test(input.vendorId)) throw refuse('vendor_id : invalid value', 'vendor_id_invalid');
  const d = input.destination;
  if (d.kind === 'bank') {
    if (/^0+$/.test(d.accountNumber))
      throw refuse('Invalid bank account number', 'bank.account_number_invalid');
    return {
      kind: 'BANK',
      masked: `••••${d.accountNumber.slice(-4)}`,
      failing: d.accountNumber.endsWith('0000'),
    };
  }
  return { kind: 'UPI', masked: `${d.vpa.slice(0, 2)}•••`, failing: d.vpa.toLowerCase().startsWith('fail') };
}

function toVendor(row: SimVendor): GatewayVendor {
  return { vendorId: row.vendorId, status: row.status, remarks: row.remarks };
}
