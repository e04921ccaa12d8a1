import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Delivered {
  to: string[];
  mail: ParsedMail;
  raw: string;
}

/** A header exactly as sent (unfolded), or undefined; mailparser turns List-* headers into objects. */
export function rawHeader(d: Delivered, name: string): string | undefined {
  const head = d.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * A real SMTP server that parses each mail whole (headers, text and HTML parts) with mailparser, and can
 * refuse connections for a while (`down()`/`up()`) to play an SMTP outage.
 */
export async function startParsingMailbox() {
  const delivered: Delivered[] = [];
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
            delivered.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), mail, raw });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const to = (address: string) => delivered.filter((d) => d.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    to,
    down: () => void (refusing = true),
    up: () => void (refusing = false),
    /** Waits until the address has at least `count` mails; returns them. */
    async waitFor(address: string, count: number, timeoutMs = 15_000): Promise<Delivered[]> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (to(address).length >= count) return to(address);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${to(address).length} of ${count} mails to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type ParsingMailbox = Awaited<ReturnType<typeof startParsingMailbox>>;
