import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications } from '../src/db/schema';
import { MAIL_JOB } from '../src/modules/notifications/notifier';
import { eventually } from './fakes/payment-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { serverFleet } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { startMailbox, type Mailbox } from './helpers/mailbox';
import { openRoom, sendOffer } from './orders/fixtures';

/**
 * Notification mails across a restart, over one database: a mail that could not be sent before the
 * server stopped is sent by the next one, once; a mail already sent is not sent again when its job runs
 * a second time (a runner that died between sending and recording the job's end).
 */
describe('notification mails across a server restart', { timeout: 90_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let mailbox: Mailbox;
  let creator: TestUser;
  let editor: TestUser;

  const servers = serverFleet(() => ({
    testDb,
    dataDir,
    env: { SMTP_URL: mailbox.url, NOTIFY_MAIL_RETRY_SECONDS: '1' },
  }));

  beforeAll(async () => {
    mailbox = await startMailbox();
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-notify-restart-'));
    [creator, editor] = await Promise.all([
      createTestUser(testDb.database.db, 'creator'),
      createTestUser(testDb.database.db, 'editor'),
    ]);
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    await mailbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const mailJobs = () =>
    testDb.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB)));

  it('sends, after a restart, the mail the stopped server could not send, once', async () => {
    mailbox.down();
    const first = await servers.start();
    const api = apiClient(first.url);
    const roomId = await openRoom(api, creator, editor);
    await sendOffer(api, editor, roomId, { title: 'Before the restart' });
    // The first attempt has failed against the closed SMTP server.
    await eventually(async () => (await mailJobs()).some((j) => j.attempts >= 1), 15_000);
    await servers.stop(first);

    mailbox.up();
    await servers.start();
    await mailbox.waitFor(creator.email!, 1, 30_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailbox.to(creator.email!)).toHaveLength(1);
    expect((await mailJobs()).every((j) => j.status === 'done')).toBe(true);
  });

  it('does not send a mail again when its job runs a second time after it was sent', async () => {
    const [line] = await testDb.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, creator.id));
    expect(line?.emailedAt).not.toBeNull();
    // As if the runner had died after the SMTP server accepted the mail, before recording the job done.
    await testDb.database.db
      .update(jobs)
      .set({ status: 'queued', runAfter: sql`now()`, lockedBy: null, lockedUntil: null })
      .where(eq(jobs.kind, MAIL_JOB));
    await eventually(async () => (await mailJobs()).every((j) => j.status === 'done'), 15_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(creator.email!)).toHaveLength(1);
  });
});
