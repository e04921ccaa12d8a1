import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAX_DOCUMENT_SERIES,
  amountInWords,
  documentFileName,
  financialYearOf,
  formatIndianPaise,
  type TaxDocumentSummary,
} from '@cutroom/contracts';
import {
  orderEarnings,
  orderTaxAssessments,
  orders,
  payments,
  payoutLedger,
  refunds,
  taxDocuments,
} from '../src/db/schema';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, deliver, openRoom, payOrder, sendOffer } from './orders/fixtures';
import { completedPaidOrder } from './payouts/fixtures';

const exec = promisify(execFile);
const NUMBER = /^CR\/(RCPT|RCN|INV|CCN)\/(\d{4}-\d{2})\/(\d{6})$/;
const FIRM_PAN = 'AAPFU0939F';
const FIRM_GSTIN = '27AAPFU0939F1ZV';
const PERSON_PAN = 'ABCPE1234F';

/**
 * The paper of an order (issue 27): the creator's receipt on payment, the platform's commission invoice to
 * the editor on completion, the credit notes of a refund after it; each a downloadable PDF, seen only by
 * its party and admins, numbered CR/<SERIES>/<FY>/<6 digits>, and matching the ledger to the paisa.
 */
describe('invoices: receipts, commission invoices and credit notes, as lists and PDFs', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  /** The default profile: an individual in Karnataka (29), the platform's state. */
  let localEditor: TestUser;
  /** A registered firm in Maharashtra (27): GSTIN on the invoice, IGST. */
  let firmEditor: TestUser;
  let strangerCreator: TestUser;
  let strangerEditor: TestUser;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    dir = await mkdtemp(path.join(tmpdir(), 'cutroom-invoices-'));
    [admin, creator, localEditor, firmEditor, strangerCreator, strangerEditor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'editor', {
        taxProfile: {
          legalName: 'Unity Cuts LLP',
          entityType: 'firm',
          stateCode: '27',
          pan: FIRM_PAN,
          gstin: FIRM_GSTIN,
        },
      }),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const documentsOf = async (who: TestUser, orderId: string): Promise<TaxDocumentSummary[]> => {
    const res = await api.get(`/api/orders/${orderId}/documents`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.items;
  };
  /** Downloads a document's PDF, checks it is one, and returns its text (pdftotext -layout). */
  const pdfText = async (who: TestUser, doc: TaxDocumentSummary) => {
    const res = await fetch(`${server.url}/api/documents/${doc.id}/pdf`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${documentFileName(doc.number)}"`,
    );
    expect(documentFileName(doc.number)).toMatch(/^CR-[A-Z]+-\d{4}-\d{2}-\d{6}\.pdf$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = path.join(dir, `${randomUUID()}.pdf`);
    await writeFile(file, bytes);
    const { stdout } = await exec('pdftotext', ['-layout', file, '-']);
    return stdout;
  };
  const pdfStatus = async (who: TestUser | null, id: string) => {
    const res = await fetch(`${server.url}/api/documents/${id}/pdf`, {
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });
    await res.arrayBuffer();
    return res.status;
  };
  const assessmentOf = async (orderId: string) =>
    (await server.db.select().from(orderTaxAssessments).where(eq(orderTaxAssessments.orderId, orderId)))[0]!;
  const earningsOf = async (orderId: string) =>
    (await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)))[0]!;
  const referenceOf = async (orderId: string) => {
    const [o] = await server.db.select({ n: orders.number }).from(orders).where(eq(orders.id, orderId));
    return `CR-${o!.n}`;
  };
  const expectNumber = (doc: TaxDocumentSummary) => {
    const m = NUMBER.exec(doc.number);
    expect(m, doc.number).not.toBeNull();
    expect(m![1]).toBe(TAX_DOCUMENT_SERIES[doc.kind]);
    expect(m![2]).toBe(financialYearOf(new Date(doc.issuedAt)));
    expect(Number(m![3])).toBeGreaterThan(0);
  };
  /** Text with runs of spaces made one, so a phrase split by layout still matches. */
  const flat = (t: string) => t.replace(/\s+/g, ' ');

  let localOrder: { orderId: string; roomId: string };

  it('gives the creator a receipt once paid; the editor sees nothing until completion, then the invoice', async () => {
    const roomId = await openRoom(api, creator, localEditor);
    const offer = await sendOffer(api, localEditor, roomId, { amount: 1999, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    localOrder = { orderId: offer._id, roomId };

    const receipts = await eventually(async () => {
      const items = await documentsOf(creator, offer._id);
      return items.length > 0 ? items : null;
    });
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt).toMatchObject({
      kind: 'receipt',
      kindLabel: 'Payment receipt',
      orderId: offer._id,
      orderReference: await referenceOf(offer._id),
      total: 1999,
      refersTo: null,
    });
    expectNumber(receipt!);
    // The editor has no paper yet: the receipt is the creator's, and there is no invoice before completion.
    expect(await documentsOf(localEditor, offer._id)).toEqual([]);
    expect((await api.get('/api/earnings/documents', { token: localEditor.token })).body.items).toEqual([]);
    expect(await pdfStatus(localEditor, receipt!.id)).toBe(404);

    const delivery = await deliver(api, localEditor, roomId, offer._id);
    const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
      token: creator.token,
    });
    expect(approved.status).toBe(200);

    const invoices = await eventually(async () => {
      const items = await documentsOf(localEditor, offer._id);
      return items.length > 0 ? items : null;
    });
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    const a = await assessmentOf(offer._id);
    expect(invoice).toMatchObject({
      kind: 'commission_invoice',
      kindLabel: 'Tax invoice for commission',
      orderId: offer._id,
      refersTo: null,
      total: (a.commissionPaise + a.gstCgstPaise + a.gstSgstPaise + a.gstIgstPaise) / 100,
    });
    expectNumber(invoice!);
    // The creator still sees only the receipt; the invoice is not theirs.
    expect((await documentsOf(creator, offer._id)).map((d) => d.kind)).toEqual(['receipt']);
    expect(await pdfStatus(creator, invoice!.id)).toBe(404);
    // The editor's own list has it too.
    const mine = await api.get('/api/earnings/documents', { token: localEditor.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ items: [invoice], nextCursor: null });
    // Admins see both, oldest first.
    expect((await documentsOf(admin, offer._id)).map((d) => d.kind)).toEqual([
      'receipt',
      'commission_invoice',
    ]);
  });

  it('draws the receipt: number, order, editor’s name, ₹1,999.00 and the amount in words, no tax identifiers', async () => {
    const [receipt] = await documentsOf(creator, localOrder.orderId);
    const text = flat(await pdfText(creator, receipt!));
    expect(text).toContain(receipt!.number);
    expect(text).toContain(await referenceOf(localOrder.orderId));
    expect(text).toContain(localEditor.username);
    expect(text).toContain('₹1,999.00');
    expect(text).toContain(amountInWords(199_900));
    expect(text).not.toContain(PERSON_PAN);
    // An admin downloads the same paper.
    expect(flat(await pdfText(admin, receipt!))).toContain(receipt!.number);
  });

  it('draws the commission invoice of an editor in the platform’s state with CGST and SGST, not IGST', async () => {
    const [invoice] = await documentsOf(localEditor, localOrder.orderId);
    const a = await assessmentOf(localOrder.orderId);
    expect(a.intraState).toBe(true);
    const text = flat(await pdfText(localEditor, invoice!));
    expect(text).toContain(invoice!.number);
    expect(text).toContain(await referenceOf(localOrder.orderId));
    expect(text).toContain(formatIndianPaise(a.commissionPaise));
    expect(text).toMatch(/CGST/);
    expect(text).toMatch(/SGST/);
    expect(text).not.toMatch(/IGST/);
    expect(text).toContain(formatIndianPaise(a.gstCgstPaise));
    expect(text).toContain(formatIndianPaise(a.gstSgstPaise));
    const total = a.commissionPaise + a.gstCgstPaise + a.gstSgstPaise;
    expect(text).toContain(formatIndianPaise(total));
    // The fee is 20 % of ₹1,999 with GST inside it; the editor keeps ₹1,599.20 (no TCS or TDS for them).
    expect(total).toBe(39_980);
    expect((await earningsOf(localOrder.orderId)).sharePaise).toBe(159_920);
    // An unregistered editor: no GSTIN line of theirs.
    expect(text).toContain('Karnataka');
  });

  let firmOrder: { orderId: string; gatewayOrderId: string };

  it('addresses a registered editor in another state by GSTIN and charges IGST', async () => {
    firmOrder = await completedPaidOrder(api, server, creator, firmEditor, 1999);
    const [invoice] = await eventually(async () => {
      const items = await documentsOf(firmEditor, firmOrder.orderId);
      return items.length > 0 ? items : null;
    });
    expect(invoice!.kind).toBe('commission_invoice');
    const a = await assessmentOf(firmOrder.orderId);
    expect(a.intraState).toBe(false);
    expect(a.registered).toBe(true);
    const text = flat(await pdfText(firmEditor, invoice!));
    expect(text).toContain(FIRM_GSTIN);
    expect(text).toContain('Unity Cuts LLP');
    expect(text).toContain('Maharashtra');
    expect(text).toMatch(/IGST/);
    expect(text).not.toMatch(/CGST|SGST/);
    expect(text).toContain(formatIndianPaise(a.gstIgstPaise));
    expect(text).toContain(formatIndianPaise(a.commissionPaise));
    // The creator's receipt for that order never names the editor's GSTIN or PAN.
    const [receipt] = await documentsOf(creator, firmOrder.orderId);
    const receiptText = flat(await pdfText(creator, receipt!));
    expect(receiptText).not.toContain(FIRM_GSTIN);
    expect(receiptText).not.toContain(FIRM_PAN);
    expect(JSON.stringify(await documentsOf(creator, firmOrder.orderId))).not.toContain(FIRM_PAN);
  });

  it('hides an order’s paper from strangers (404), and shows admins all of it', async () => {
    const { orderId } = firmOrder;
    const all = await documentsOf(admin, orderId);
    expect(all.map((d) => d.kind)).toEqual(['receipt', 'commission_invoice']);
    for (const stranger of [strangerCreator, strangerEditor, localEditor]) {
      const res = await api.get(`/api/orders/${orderId}/documents`, { token: stranger.token });
      expect(res.status).toBe(404);
      for (const d of all) expect(await pdfStatus(stranger, d.id)).toBe(404);
    }
    // The same 404 as for a document that does not exist; signed out is 401; a bad id is 400.
    const unknown = await fetch(`${server.url}/api/documents/${randomUUID()}/pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
    expect(await pdfStatus(null, all[0]!.id)).toBe(401);
    expect((await api.get(`/api/orders/${orderId}/documents`)).status).toBe(401);
    expect(await pdfStatus(admin, 'not-a-uuid')).toBe(400);
    expect((await api.get(`/api/orders/${randomUUID()}/documents`, { token: creator.token })).status).toBe(
      404,
    );
    for (const d of all) expect((await pdfText(admin, d)).length).toBeGreaterThan(0);
  });

  it('a refund after completion gives credit notes naming the originals, matching the ledger to the paisa', async () => {
    const { orderId, gatewayOrderId } = firmOrder;
    const res = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 500, refundNote: 'Invoice test refund' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    const [payment] = await server.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, gatewayOrderId)));
    const refund = await eventually(async () => {
      const [r] = await server.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      return r?.status === 'SUCCESS' ? r : null;
    });
    const lines = await eventually(async () => {
      const rows = await server.db
        .select()
        .from(payoutLedger)
        .where(eq(payoutLedger.eventKey, `refund:${refund.refundId}`));
      return rows.length > 0 ? rows : null;
    });
    const line = (account: string) => lines.find((l) => l.account === account)?.amountPaise ?? 0;
    const commissionBack = -line('platform_commission');
    const gstBack = -line('gst_on_commission');
    expect(commissionBack).toBeGreaterThan(0);
    expect(gstBack).toBeGreaterThan(0);

    const creatorPaper = await eventually(async () => {
      const items = await documentsOf(creator, orderId);
      return items.length === 2 ? items : null;
    });
    const [receipt, creditNote] = creatorPaper;
    expect(creditNote).toMatchObject({
      kind: 'receipt_credit_note',
      kindLabel: 'Refund credit note',
      total: 500,
      refersTo: receipt!.number,
    });
    expectNumber(creditNote!);
    const editorPaper = await eventually(async () => {
      const items = await documentsOf(firmEditor, orderId);
      return items.length === 2 ? items : null;
    });
    const [invoice, commissionNote] = editorPaper;
    expect(commissionNote).toMatchObject({
      kind: 'commission_credit_note',
      kindLabel: 'Credit note for commission',
      refersTo: invoice!.number,
      total: (commissionBack + gstBack) / 100,
    });
    expectNumber(commissionNote!);
    const [stored] = await server.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.id, commissionNote!.id));
    expect({ taxable: stored!.taxablePaise, tax: stored!.taxPaise }).toEqual({
      taxable: commissionBack,
      tax: gstBack,
    });
    expect(stored!.refersToId).toBe(invoice!.id);

    const noteText = flat(await pdfText(firmEditor, commissionNote!));
    expect(noteText).toContain(commissionNote!.number);
    expect(noteText).toContain(invoice!.number);
    expect(noteText).toContain(FIRM_GSTIN);
    expect(noteText).toMatch(/IGST/);
    expect(noteText).toContain(formatIndianPaise(commissionBack));
    expect(noteText).toContain(formatIndianPaise(gstBack));
    expect(noteText).toContain(formatIndianPaise(commissionBack + gstBack));

    const refundText = flat(await pdfText(creator, creditNote!));
    expect(refundText).toContain(creditNote!.number);
    expect(refundText).toContain(receipt!.number);
    expect(refundText).toContain('₹500.00');
    expect(refundText).not.toContain(FIRM_GSTIN);

    // Each party's own paper only; strangers still nothing.
    expect(await pdfStatus(firmEditor, creditNote!.id)).toBe(404);
    expect(await pdfStatus(creator, commissionNote!.id)).toBe(404);
    expect(await pdfStatus(strangerEditor, commissionNote!.id)).toBe(404);
    expect(await pdfStatus(strangerCreator, creditNote!.id)).toBe(404);
    expect((await documentsOf(admin, orderId)).map((d) => d.kind).sort()).toEqual([
      'commission_credit_note',
      'commission_invoice',
      'receipt',
      'receipt_credit_note',
    ]);

    // What the invoice and its credit note say together is what the ledger kept, to the paisa.
    const a = await assessmentOf(orderId);
    const [inv] = await server.db.select().from(taxDocuments).where(eq(taxDocuments.id, invoice!.id));
    const kept = await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId));
    const sum = (account: string) =>
      kept.filter((l) => l.account === account).reduce((s, l) => s + l.amountPaise, 0);
    expect(inv!.taxablePaise - stored!.taxablePaise).toBe(sum('platform_commission'));
    expect(inv!.taxPaise - stored!.taxPaise).toBe(sum('gst_on_commission'));
    expect(inv!.taxablePaise).toBe(a.commissionPaise);
  });

  /** Refunds through the admin API and waits until the gateway confirms it and the ledger books it. */
  const refundOrder = async (gatewayOrderId: string, body: object) => {
    const res = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { ...body, refundNote: 'Invoice test refund' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    const [payment] = await server.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, gatewayOrderId));
    return eventually(async () => {
      const rows = await server.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      const done = rows.filter((r) => r.status === 'SUCCESS');
      if (done.length !== rows.length) return null;
      for (const r of done) {
        const lines = await server.db
          .select()
          .from(payoutLedger)
          .where(eq(payoutLedger.eventKey, `refund:${r.refundId}`));
        if (lines.length === 0) return null;
      }
      return done;
    });
  };
  const ledgerSum = async (orderId: string, account: string) =>
    (await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId)))
      .filter((l) => l.account === account)
      .reduce((s, l) => s + l.amountPaise, 0);
  const storedDoc = async (id: string) =>
    (await server.db.select().from(taxDocuments).where(eq(taxDocuments.id, id)))[0]!;

  it('a refund before completion: the invoice is for the commission left, matching the ledger, and no credit note', async () => {
    const roomId = await openRoom(api, strangerCreator, localEditor);
    const offer = await sendOffer(api, localEditor, roomId, { amount: 2499, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, strangerCreator, offer._id, true);
    await payOrder(api, server, strangerCreator, offer._id);
    const [payment] = await server.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.cutroomOrderId, offer._id), eq(payments.status, 'SUCCESS')));
    await refundOrder(payment!.orderId, { refundAmount: 700 });
    expect(await documentsOf(localEditor, offer._id)).toEqual([]);
    const delivery = await deliver(api, localEditor, roomId, offer._id);
    const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
      token: strangerCreator.token,
    });
    expect(approved.status).toBe(200);
    const items = await eventually(async () => {
      const list = await documentsOf(localEditor, offer._id);
      return list.length > 0 ? list : null;
    });
    expect(items.map((d) => d.kind)).toEqual(['commission_invoice']);
    const inv = await storedDoc(items[0]!.id);
    expect(inv.taxablePaise).toBe(await ledgerSum(offer._id, 'platform_commission'));
    expect(inv.taxPaise).toBe(await ledgerSum(offer._id, 'gst_on_commission'));
    const text = flat(await pdfText(localEditor, items[0]!));
    expect(text).toContain(formatIndianPaise(inv.taxablePaise));
    expect(text).toContain(formatIndianPaise(inv.totalPaise));
    // The creator: the receipt for the whole payment and a credit note for the ₹700.
    const mine = await documentsOf(strangerCreator, offer._id);
    expect(mine.map((d) => [d.kind, d.total])).toEqual([
      ['receipt', 2499],
      ['receipt_credit_note', 700],
    ]);
  });

  it('a full refund after completion: the credit notes take back all the invoice and receipt, to the paisa', async () => {
    const order = await completedPaidOrder(api, server, strangerCreator, localEditor, 1234);
    await eventually(async () => ((await documentsOf(localEditor, order.orderId)).length > 0 ? true : null));
    await refundOrder(order.gatewayOrderId, { full: true });
    const editorPaper = await eventually(async () => {
      const list = await documentsOf(localEditor, order.orderId);
      return list.length === 2 ? list : null;
    });
    const [invoice, note] = editorPaper;
    expect(note!.kind).toBe('commission_credit_note');
    expect(note!.refersTo).toBe(invoice!.number);
    expect(note!.total).toBe(invoice!.total);
    const [inv, cn] = [await storedDoc(invoice!.id), await storedDoc(note!.id)];
    expect({ taxable: cn.taxablePaise, tax: cn.taxPaise }).toEqual({
      taxable: inv.taxablePaise,
      tax: inv.taxPaise,
    });
    expect(await ledgerSum(order.orderId, 'platform_commission')).toBe(0);
    expect(await ledgerSum(order.orderId, 'gst_on_commission')).toBe(0);
    const creatorPaper = await documentsOf(strangerCreator, order.orderId);
    expect(creatorPaper.map((d) => [d.kind, d.total])).toEqual([
      ['receipt', 1234],
      ['receipt_credit_note', 1234],
    ]);
    const noteText = flat(await pdfText(localEditor, note!));
    expect(noteText).toContain(invoice!.number);
    expect(noteText).toMatch(/CGST/);
    expect(noteText).not.toMatch(/IGST/);
  });

  it('pages the editor’s documents 20 at a time, newest first, and refuses a forged cursor', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const other = await createTestUser(server.db, 'editor');
    // Documents are rows: 23 for this editor (some issued in the same millisecond) and one for another
    // editor, on an existing order, in a series of their own that no real paper uses.
    const base = Date.now() - 60_000;
    const values = Array.from({ length: 24 }, (_, i) => ({
      kind: 'commission_invoice' as const,
      series: 'TEST',
      financialYear: '1999-00',
      sequence: i + 1,
      number: `CR/TEST/1999-00/${String(i + 1).padStart(6, '0')}`,
      orderId: localOrder.orderId,
      partyId: i === 23 ? other.id : editor.id,
      sourceKey: `test-paging:${randomUUID()}`,
      taxablePaise: 100 * (i + 1),
      taxPaise: 18 * (i + 1),
      totalPaise: 118 * (i + 1),
      content: { refersTo: null },
      issuedAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await server.db.insert(taxDocuments).values(values);

    const first = await api.get('/api/earnings/documents', { token: editor.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await api.get(
      `/api/earnings/documents?cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token: editor.token },
    );
    expect(second.status).toBe(200);
    expect(second.body.items).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
    const all: TaxDocumentSummary[] = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((d) => d.id)).size).toBe(23);
    expect(all.map((d) => d.number).sort()).toEqual(
      values
        .slice(0, 23)
        .map((v) => v.number)
        .sort(),
    );
    const times = all.map((d) => Date.parse(d.issuedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (const d of all) {
      expect(d).toMatchObject({ kind: 'commission_invoice', orderId: localOrder.orderId, refersTo: null });
      expect(d.total).toBeCloseTo(Number(d.number.slice(-6)) * 1.18, 2);
    }
    // The other editor sees only theirs; another editor's cursor does not reveal this editor's paper.
    const others = await api.get(
      `/api/earnings/documents?cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token: other.token },
    );
    expect(others.status).toBe(200);
    for (const d of others.body.items) expect(d.number).toBe('CR/TEST/1999-00/000024');

    const forged = [
      'not-a-cursor',
      Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2026-13-45T00:00:00.000000Z|${randomUUID()}`).toString('base64url'),
      Buffer.from(`'; drop table tax_documents; --|${randomUUID()}`).toString('base64url'),
      Buffer.from(`${randomUUID()}`).toString('base64url'),
      'x'.repeat(201),
    ];
    for (const cursor of forged) {
      const res = await api.get(`/api/earnings/documents?cursor=${encodeURIComponent(cursor)}`, {
        token: editor.token,
      });
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('lists the editor’s documents for editors only', async () => {
    expect((await api.get('/api/earnings/documents', { token: creator.token })).status).toBe(403);
    expect((await api.get('/api/earnings/documents', { token: admin.token })).status).toBe(403);
    expect((await api.get('/api/earnings/documents')).status).toBe(401);
  });
});
