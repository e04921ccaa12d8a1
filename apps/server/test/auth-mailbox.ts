import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server for the auth tests: the server under test sends through SMTP_URL, we read what came. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
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
          // nodemailer may send quoted-printable: undo soft line breaks so the code reads whole.
          text: body.join('\n\n').replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    to,
    /** Waits for the (n+1)-th mail to the address, n being how many it had before the action. */
    async next(address: string, before: number, timeoutMs = 10_000): Promise<ReceivedMail> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const list = to(address);
        if (list.length > before) return list[list.length - 1]!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The 6-digit code in a mail. */
export function codeIn(mail: ReceivedMail): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
}
