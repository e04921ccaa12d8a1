import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPointName } from '../src/lib/crash-points';
import { eventually } from './fakes/payment-fixtures';
import type { ServerProcess } from './helpers/process';
import { apiClient } from './helpers/http';
import { createTestUser, type TestUser } from './helpers/users';
import { step } from './orders/fixtures';
import { expectBooksMatchGateway } from './crash/checks';
import {
  activeVendor,
  complete,
  gatewayStateIs,
  mayDie,
  payAtGateway,
  refundsSucceed,
  splitHeld,
  type CaseOrder,
} from './crash/flows';
import { startCrashRig, type CrashRig } from './crash/rig';

/**
 * Issue 24: "the editor accepted a mutual cancellation, the server was killed 150 ms later, and the
 * creator's ₹1,000 refund was never issued". Here the real server (a child process, over PGlite or
 * PostgreSQL) is killed with SIGKILL at each step between a write and its gateway call, and between the
 * call and recording its answer (src/lib/crash-points.ts), in a refund (an admin's, and a mutual
 * cancellation's through the orders' job), in a split and in its release, against the Cashfree fake running
 * in this process. A server started again without that crash point must finish what was half done: every
 * refund issued exactly once, the split made once, and the editor's ledger equal to the gateway's balance
 * for the editor's vendor.
 *
 * A server start is most of the cost, so the cases run as one chain over one database: the server that
 * recovers a case is the one armed for the next. The order is chosen so that no recovery, and nothing an
 * earlier case left running (a cancelled order's clearing and release), passes the next case's crash point.
 * Each case has an editor (a vendor) and an order of its own, so their books are checked apart at the end.
 */
describe('a kill -9 at every step of a refund and of a split', { timeout: 120_000 }, () => {
  let rig: CrashRig;
  let admin: TestUser;
  let creator: TestUser;
  const editors: TestUser[] = [];
  /** The server now running, armed for the next case. */
  let server: ServerProcess;
  const done: { name: string; order: CaseOrder; refunds: number }[] = [];

  beforeAll(async () => {
    rig = await startCrashRig();
    await rig.withDb(async (db) => {
      admin = await createTestUser(db, 'admin');
      creator = await createTestUser(db, 'creator');
      for (let i = 0; i < 8; i++) editors.push(await createTestUser(db, 'editor'));
    });
    server = await rig.start(CHAIN[0]!.point);
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
  });

  /** A ₹1,000 order paid and split at the gateway, its editor's vendor active. */
  const paidAndSplit = async (url: string, editor: TestUser) => {
    await activeVendor(apiClient(url), editor);
    const o = await payAtGateway(url, rig.fake, creator, editor, 1000);
    await splitHeld(o);
    return o;
  };
  // A cancellation the creator proposed and the editor accepted refunds through the orders' durable job.
  const mutualCancellation = async (url: string, editor: TestUser) => {
    const o = await paidAndSplit(url, editor);
    await step(o.api, creator, `/api/orders/${o.orderId}/cancellation`, { reason: 'Plans changed' });
    await mayDie(o.api.post(`/api/orders/${o.orderId}/cancellation/accept`, {}, { token: editor.token }));
    return o;
  };
  // An admin's partial refund through the API, answered by the server that dies on it.
  const adminRefund = async (url: string, editor: TestUser) => {
    const o = await paidAndSplit(url, editor);
    const refund = { refundAmount: 400, refundNote: 'Part of the work was not done' };
    await mayDie(o.api.post(`/api/payment/refund/${o.gatewayOrderId}`, refund, { token: admin.token }));
    return o;
  };
  const refunded = (o: CaseOrder) => refundsSucceed(rig.fake, o, admin);
  // Paid: the split job starts at once.
  const paidOnly = async (url: string, editor: TestUser) => {
    await activeVendor(apiClient(url), editor);
    return payAtGateway(url, rig.fake, creator, editor, 1000);
  };
  const held = (o: CaseOrder) => gatewayStateIs(o, 'held');
  // Completed: the share clears 3 s later, and the release job makes it eligible for settlement.
  const completed = async (url: string, editor: TestUser) => {
    const o = await paidAndSplit(url, editor);
    await complete(o);
    return o;
  };
  const released = async (o: CaseOrder) => {
    await gatewayStateIs(o, 'released');
    await eventually(async () => {
      const share = rig.fake.split.splits.get(o.gatewayOrderId)?.shares[0];
      return share !== undefined && share.eligibleAt.getTime() < rig.fake.now() + 60_000;
    }, 20_000);
  };

  interface Case {
    name: string;
    point: CrashPointName;
    drive: (url: string, editor: TestUser) => Promise<CaseOrder>;
    recover: (o: CaseOrder) => Promise<void>;
    refunds: number;
    /**
     * The crash also cut a reconciliation pass short (with a pass every second it often does): what that
     * leaves, a run never finished, is written here, so every run of the chain meets it at least once.
     */
    midPass?: boolean;
  }
  // Recovering a split passes both split points, a release both release points, and a mutual cancellation
  // leaves its order to clear and be released later: so no case is armed where the one before recovers.
  const CHAIN: Case[] = [
    {
      name: 'a split marked requested, never sent',
      point: 'split.requested',
      drive: paidOnly,
      recover: held,
      refunds: 0,
    },
    {
      name: "an admin's refund reserved, never sent",
      point: 'refund.reserved',
      drive: adminRefund,
      recover: refunded,
      refunds: 1,
    },
    {
      name: 'a split the gateway took, not recorded',
      point: 'split.answered',
      drive: paidOnly,
      recover: held,
      refunds: 0,
    },
    {
      name: 'a cleared share not yet released',
      point: 'release.before',
      drive: completed,
      recover: released,
      refunds: 0,
    },
    {
      name: "an admin's refund the gateway took, not recorded",
      point: 'refund.answered',
      drive: adminRefund,
      recover: refunded,
      refunds: 1,
    },
    {
      name: 'a share released, not recorded',
      point: 'release.after',
      drive: completed,
      recover: released,
      refunds: 0,
    },
    {
      name: "a mutual cancellation's refund reserved, never sent",
      point: 'refund.reserved',
      drive: mutualCancellation,
      recover: refunded,
      refunds: 1,
      midPass: true,
    },
    {
      name: "a mutual cancellation's refund the gateway took, not recorded",
      point: 'refund.answered',
      drive: mutualCancellation,
      recover: refunded,
      refunds: 1,
    },
  ];

  CHAIN.forEach((c, i) => {
    it(`${c.point}: ${c.name}, finished once by the next server`, async () => {
      expect(done, 'the case before broke the chain').toHaveLength(i);
      const failed = async (err: unknown, what: string) => {
        await rig.stop(server);
        const message = `${what}: ${(err as Error).message}`;
        return new Error(`${message}\n${await rig.diagnose()}\n${server.output.join('')}`);
      };
      const order = await c.drive(server.url, editors[i]!).catch(async (err) => {
        throw await failed(err, 'driving the case');
      });
      await rig.crashed(server);
      // The dead server's job leases run out (30 s), as they would before anyone took its jobs over.
      await rig.expireLeases();
      if (c.midPass) {
        await rig.withDb((db) =>
          db.execute(sql`insert into reconciliation_runs (trigger) values ('schedule')`),
        );
      }
      server = await rig.start(CHAIN[i + 1]?.point);
      await c.recover({ ...order, api: apiClient(server.url) }).catch(async (err) => {
        throw await failed(err, 'recovering');
      });
      done.push({ name: `${c.point}: ${c.name}`, order, refunds: c.refunds });
    });
  });

  it("ends with every case's books equal to the gateway's: refunds issued once, splits made once", async () => {
    expect(done).toHaveLength(CHAIN.length);
    await rig.stop(server);
    await rig.withDb(async (db) => {
      for (const c of done) {
        await expect(
          expectBooksMatchGateway(db, rig.fake, c.order, { refunds: c.refunds, split: 'done' }),
          c.name,
        ).resolves.toBeUndefined();
      }
    });
  });
});
