import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The one test mailbox, for the API tests and (by relative import from e2e/support) the browser tests: a
 * real SMTP server the server under test sends to through SMTP_URL. Each mail is parsed whole by
 * mailparser, so tests read what a mail client would show (decoded subject, text and HTML parts).
 */

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  mail: ParsedMail;
  /** The message as it arrived (headers exactly as sent). */
  raw: string;
}

/** A header exactly as sent (unfolded), or undefined; mailparser turns List-* headers into objects. */
export function rawHeader(d: ReceivedMail, name: string): string | undefined {
  const head = d.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The 6-digit code in a mail. */
export function codeIn(mail: Pick<ReceivedMail, 'text'>): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
}

/** Starts the mailbox on a free port; `down()`/`up()` refuse connections for a while (an SMTP outage). */
export async function startMailbox() {
  const delivered: ReceivedMail[] = [];
  let refusing = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (refusing) return callback(new Error('421 Service not available'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail) => {
            delivered.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              mail,
              raw,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const to = (address: string) => delivered.filter((d) => d.to.includes(address.toLowerCase()));

  /** Waits until the address has at least `count` mails; returns them. */
  async function waitFor(address: string, count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (to(address).length >= count) return to(address);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${to(address).length} of ${count} mails to ${address} within ${timeoutMs} ms`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    delivered,
    to,
    down: () => void (refusing = true),
    up: () => void (refusing = false),
    waitFor,
    /** Waits for the (n+1)-th mail to the address, n being how many it had before the action. */
    async next(address: string, before: number, timeoutMs = 10_000): Promise<ReceivedMail> {
      return (await waitFor(address, before + 1, timeoutMs)).at(-1)!;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
