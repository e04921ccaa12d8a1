import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { ADMIN_PASSWORD, ADMIN_USERNAME, CHROMIUM, startServer, webDist } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    /** SMTP port of the mailbox, for a test that starts a server of its own. */
    mailboxSmtpPort: number;
    adminUsername: string;
    adminPassword: string;
    dataDir: string;
  }
}

export { CHROMIUM };

/** Starts the real production server once for all browser tests: built web app, fresh data, SMTP capture. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: run "apt-get install -y chromium"`);
  }
  webDist();
  const mailbox = await startMailbox();
  const server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
    // An order's share clears 6 s after completion; the simulated gateway settles it 15 s after that.
    PAYOUT_CLEARING_DAYS: String(6 / 86_400),
    SIMULATOR_SETTLEMENT_DELAY_SECONDS: '15',
    // The share is split 3 s after payment; the simulated gateway refuses one within 2 s (120 s live).
    PAYOUT_SPLIT_AFTER_SECONDS: '3',
    SIMULATOR_SPLIT_WAIT_SECONDS: '2',
    // Reconciliation checks a payment whose webhook is lost at once, not after the usual two minutes.
    RECONCILE_AFTER_SECONDS: '0',
  }).catch(async (err) => {
    await mailbox.close();
    throw err;
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailboxUrl', mailbox.httpUrl);
  project.provide('mailboxSmtpPort', mailbox.smtpPort);
  project.provide('adminUsername', ADMIN_USERNAME);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
    await mailbox.close();
  };
}
