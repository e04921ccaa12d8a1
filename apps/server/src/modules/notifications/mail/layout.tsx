/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import type { ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { noAutoLink } from './format';

/**
 * The one look of every notification mail, after the web app: the "Cutroom" wordmark, a rounded white card
 * on a light slate page, slate text, an indigo (brand-600) button to the place in the app, and a footer
 * saying why the mail came, with the settings and unsubscribe links. Inline styles only (mail clients drop
 * <style>); user text only ever goes in as React children, so it is escaped and never a link.
 */

const brand = '#4f46e5'; // brand-600
const ink = '#0f172a'; // slate-900
const text = '#334155'; // slate-700
const muted = '#64748b'; // slate-500
const line = '#e2e8f0'; // slate-200
const page = '#f8fafc'; // slate-50
const font =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const styles = {
  body: { backgroundColor: page, margin: 0, padding: '24px 0', fontFamily: font, color: text },
  container: { maxWidth: '560px', margin: '0 auto', padding: '0 12px' },
  wordmark: { fontSize: '22px', lineHeight: '28px', fontWeight: 700, color: brand, margin: '0 0 16px 4px' },
  card: {
    backgroundColor: '#ffffff',
    border: `1px solid ${line}`,
    borderRadius: '12px',
    padding: '28px 28px 12px',
  },
  heading: { fontSize: '20px', lineHeight: '28px', fontWeight: 700, color: ink, margin: '0 0 16px' },
  paragraph: { fontSize: '15px', lineHeight: '24px', color: text, margin: '0 0 16px' },
  quote: {
    margin: '0 0 12px',
    padding: '10px 14px',
    backgroundColor: page,
    borderLeft: '3px solid #c7d2fe', // brand-200
    borderRadius: '4px',
    fontSize: '15px',
    lineHeight: '22px',
    color: ink,
  },
  facts: { width: '100%', borderCollapse: 'collapse' as const, margin: '0 0 16px', fontSize: '14px' },
  factLabel: {
    padding: '8px 12px 8px 0',
    borderBottom: `1px solid ${line}`,
    color: muted,
    verticalAlign: 'top',
    whiteSpace: 'nowrap' as const,
    width: '35%',
    textAlign: 'left' as const,
    fontWeight: 400,
  },
  factValue: { padding: '8px 0', borderBottom: `1px solid ${line}`, color: ink, verticalAlign: 'top' },
  actionSection: { margin: '8px 0 20px' },
  button: {
    backgroundColor: brand,
    color: '#ffffff',
    borderRadius: '8px',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  hr: { borderColor: line, margin: '24px 0 16px' },
  footer: { fontSize: '12px', lineHeight: '18px', color: muted, margin: '0 0 8px' },
  footerLink: { color: brand, textDecoration: 'underline' },
};

export function P({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** Someone's words inside our sentences: escaped by React, and kept from becoming a link. */
export function U({ children }: { children: string }) {
  return <>{noAutoLink(children)}</>;
}

/** Someone's words (an excerpt, a note), quoted; line breaks kept. */
export function Quote({ text: quoted }: { text: string }) {
  const lines = quoted.split('\n');
  return (
    <blockquote style={styles.quote}>
      {lines.map((l, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {noAutoLink(l)}
        </span>
      ))}
    </blockquote>
  );
}

export type Fact = readonly [label: string, value: string];

/** A two-column table of facts (the receipt, an offer's terms). */
export function Facts({ rows }: { rows: readonly Fact[] }) {
  return (
    <table
      style={styles.facts}
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      data-text-format="dataTable"
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={styles.factLabel} scope="row">
              {label}:
            </th>
            <td style={styles.factValue}>{noAutoLink(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface LayoutProps {
  preview: string;
  heading: string;
  recipient: string;
  action: { label: string; href: string };
  settingsUrl: string;
  unsubscribeUrl: string | null;
  /** Kinds always sent (security, a pending cancellation): the footer says so instead of offering to unsubscribe. */
  alwaysSent: boolean;
  children: ReactNode;
}

export function MailLayout(props: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{noAutoLink(props.preview)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>Cutroom</Text>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {noAutoLink(props.heading)}
            </Heading>
            <P>Hi {noAutoLink(props.recipient)},</P>
            {props.children}
            <Section style={styles.actionSection}>
              <Button href={props.action.href} style={styles.button}>
                {props.action.label}
              </Button>
            </Section>
          </Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            You get this e-mail because of your Cutroom account ({noAutoLink(props.recipient)}).
            {props.alwaysSent ? ' E-mails like this one are always sent, whatever your e-mail settings.' : ''}
          </Text>
          <Text style={styles.footer}>
            <Link href={props.settingsUrl} style={styles.footerLink}>
              E-mail settings
            </Link>
            {props.unsubscribeUrl ? (
              <>
                <br />
                <Link href={props.unsubscribeUrl} style={styles.footerLink}>
                  Unsubscribe from these e-mails
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
