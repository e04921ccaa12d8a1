import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server that keeps every message, plus a small HTTP endpoint so test workers
 * (other processes) can read the mailbox: GET /mails?to=address.
 */
export async function startMailbox(): Promise<{ smtpPort: number; httpUrl: string; close(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: head.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
          // Plain-text mails from nodemailer: undo quoted-printable soft breaks so codes read whole.
          text: body.join('\n\n').replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpPort,
    httpUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}
