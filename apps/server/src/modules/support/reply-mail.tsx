/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { supportTicketReplies, supportTickets } from '../../db/schema';
import type { JobDefinition } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import {
  absoluteUrl,
  cleanSubject,
  formatIst,
  multiLine,
  noAutoLink,
  NO_AUTOLINK,
  oneLine,
} from '../notifications';

/** A send taking longer than this (a hung SMTP server) is taken to have failed: another runner may send. */
const SEND_LEASE_SECONDS = 120;

export interface ReplyMailData {
  /** The ticket's sender, as they gave their name. */
  name: string;
  subject: string | null;
  /** What they wrote, and when. */
  original: string;
  originalAt: string;
  reply: string;
  company: string;
  publicUrl: string;
}

export interface RenderedReplyMail {
  subject: string;
  text: string;
  html: string;
}

const brand = '#4f46e5';
const ink = '#0f172a';
const body = '#334155';
const muted = '#64748b';
const line = '#e2e8f0';
const page = '#f8fafc';
const font =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function Lines({ text, style }: { text: string; style: Record<string, string | number> }) {
  return (
    <Text style={style}>
      {text.split('\n').map((l, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {noAutoLink(l)}
        </span>
      ))}
    </Text>
  );
}

/**
 * The e-mail of an admin's reply, in the look of the app's other mails (wordmark, white card, slate text):
 * the reply, then what the person wrote, quoted. Their words and ours go in as React children only, so
 * they are escaped and never become links; the subject is one header-safe line.
 */
export async function renderReplyMail(d: ReplyMailData): Promise<RenderedReplyMail> {
  const name = oneLine(d.name) || 'there';
  const company = oneLine(d.company);
  const reply = multiLine(d.reply);
  const original = multiLine(d.original);
  const when = formatIst(d.originalAt);
  const contactUrl = absoluteUrl(d.publicUrl, '/contact');
  const subject = cleanSubject(d.subject ? `Re: ${d.subject}` : `Re: Your message to ${company} support`);

  const html = await render(
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{noAutoLink(oneLine(reply).slice(0, 140))}</Preview>
      <Body style={{ backgroundColor: page, margin: 0, padding: '24px 0', fontFamily: font, color: body }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 12px' }}>
          <Text style={{ fontSize: '22px', fontWeight: 700, color: brand, margin: '0 0 16px 4px' }}>
            {company}
          </Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${line}`,
              borderRadius: '12px',
              padding: '28px 28px 12px',
            }}
          >
            <Text style={{ fontSize: '15px', lineHeight: '24px', color: body, margin: '0 0 16px' }}>
              Hi {noAutoLink(name)},
            </Text>
            <Lines
              text={reply}
              style={{ fontSize: '15px', lineHeight: '24px', color: ink, margin: '0 0 16px' }}
            />
            <Text style={{ fontSize: '15px', lineHeight: '24px', color: body, margin: '0 0 20px' }}>
              {company} support
            </Text>
            <Hr style={{ borderColor: line, margin: '0 0 16px' }} />
            <Text style={{ fontSize: '13px', color: muted, margin: '0 0 8px' }}>On {when}, you wrote:</Text>
            <blockquote
              style={{
                margin: '0 0 16px',
                padding: '10px 14px',
                backgroundColor: page,
                borderLeft: '3px solid #c7d2fe',
                borderRadius: '4px',
              }}
            >
              <Lines
                text={original}
                style={{ fontSize: '14px', lineHeight: '22px', color: body, margin: 0 }}
              />
            </blockquote>
          </Section>
          <Text style={{ fontSize: '12px', lineHeight: '18px', color: muted, margin: '16px 0 8px' }}>
            You get this e-mail because you wrote to {company} support. To write to us again, use the{' '}
            <Link href={contactUrl} style={{ color: brand, textDecoration: 'underline' }}>
              contact form
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>,
  );

  const quoted = original
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
  const text = [
    `Hi ${name},`,
    '',
    reply,
    '',
    `${company} support`,
    '',
    `On ${when}, you wrote:`,
    quoted,
    '',
    `You get this e-mail because you wrote to ${company} support. To write to us again, use the contact form: ${contactUrl}`,
    '',
  ].join('\n');
  return { subject, text: text.replaceAll(NO_AUTOLINK, ''), html };
}

/**
 * Sends one reply's e-mail to the ticket's address. Like the notification mails: a runner holds a
 * two-minute lease on the reply while it sends and stamps `emailed_at` once the SMTP server took it, so a
 * job run again, or by another server meanwhile, does not send it twice. SMTP failures are retried with
 * backoff by the job runner; when every attempt failed, the reply is marked so the admins see it.
 */
export function replyMailJob(deps: { db: Db; mailer: Mailer; config: Config }): JobDefinition<{
  replyId: string;
}> {
  const retry = deps.config.NOTIFY_MAIL_RETRY_SECONDS * 1000;
  const { db } = deps;
  return {
    timeoutMs: 60_000,
    maxAttempts: 10,
    backoff: { baseMs: retry, maxMs: Math.max(retry, 10 * 60_000) },
    async handler({ replyId }) {
      const [row] = await db
        .select({ reply: supportTicketReplies, ticket: supportTickets })
        .from(supportTicketReplies)
        .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
        .where(eq(supportTicketReplies.id, replyId));
      if (!row || row.reply.emailedAt) return;
      const r = supportTicketReplies;
      const [claimed] = await db
        .update(r)
        .set({ sendingUntil: sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})` })
        .where(
          and(
            eq(r.id, replyId),
            isNull(r.emailedAt),
            or(isNull(r.sendingUntil), lt(r.sendingUntil, sql`now()`)),
          ),
        )
        .returning({ id: r.id });
      if (!claimed) {
        const [now] = await db.select({ emailedAt: r.emailedAt }).from(r).where(eq(r.id, replyId));
        if (now?.emailedAt) return;
        throw new Error('another runner is sending this reply; trying again later');
      }
      try {
        const mail = await renderReplyMail({
          name: row.ticket.name,
          subject: row.ticket.subject,
          original: row.ticket.message,
          originalAt: row.ticket.createdAt.toISOString(),
          reply: row.reply.message,
          company: deps.config.COMPANY_NAME,
          publicUrl: deps.config.PUBLIC_URL,
        });
        await deps.mailer.send({
          to: row.ticket.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Answers reach the support inbox when there is a real one (MAIL_FROM is often no-reply).
          headers: deps.config.SUPPORT_EMAIL ? { 'Reply-To': deps.config.SUPPORT_EMAIL } : {},
        });
      } catch (err) {
        // Not sent: the next attempt may send it at once.
        await db.update(r).set({ sendingUntil: null }).where(eq(r.id, replyId));
        throw err;
      }
      await db
        .update(r)
        .set({ emailedAt: new Date(), sendingUntil: null, mailFailedAt: null })
        .where(eq(r.id, replyId));
    },
    async onFailed(job) {
      const replyId = (job.payload as { replyId?: unknown }).replyId;
      if (typeof replyId !== 'string') return;
      await db
        .update(supportTicketReplies)
        .set({ mailFailedAt: new Date() })
        .where(and(eq(supportTicketReplies.id, replyId), isNull(supportTicketReplies.emailedAt)));
    },
  };
}
