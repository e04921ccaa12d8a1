import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailbox as startSmtpMailbox } from '../../apps/server/test/helpers/mailbox';

/**
 * The API tests' mailbox (one SMTP capture for both suites), plus a small HTTP endpoint so test workers
 * (other processes than this global setup) can read it: GET /mails?to=address.
 */
export async function startMailbox(): Promise<{ smtpPort: number; httpUrl: string; close(): Promise<void> }> {
  const mailbox = await startSmtpMailbox();
  const http: Server = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    const mails = to ? mailbox.to(to) : mailbox.delivered;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.map(({ to, subject, text }) => ({ to, subject, text }))));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpPort: mailbox.port,
    httpUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await mailbox.close();
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}
