import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALWAYS_SENT_REASONS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
} from '@cutroom/contracts/notifications';
import { NotificationPreferencesForm } from './preferences-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const editorPrefs: NotificationPreferences = {
  kinds: ['new_messages', 'order_paid', 'changes_requested', 'password_changed'],
  email: { new_messages: true, order_paid: false, changes_requested: true, password_changed: true },
  locked: ['password_changed'],
  hasEmail: true,
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationPreferencesForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

const toggle = (kind: keyof typeof NOTIFICATION_KIND_LABELS) =>
  screen.getByRole('switch', { name: NOTIFICATION_KIND_LABELS[kind] }) as HTMLInputElement;

describe('notification preferences form', () => {
  let prefs: NotificationPreferences;
  let save: (body: unknown) => Response;
  let sent: unknown[];
  beforeEach(() => {
    prefs = editorPrefs;
    sent = [];
    save = (body) =>
      json(200, {
        message: NOTIFICATION_MESSAGES.saved,
        data: { ...prefs, email: { ...prefs.email, ...(body as { email: object }).email } },
      });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return save(body);
      }
      return String(input).endsWith('/notifications/preferences') ? json(200, prefs) : json(404, {});
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a proposal to cancel an order as always sent: on, locked, and why', async () => {
    prefs = {
      kinds: ['offer_received', 'cancellation_requested', 'order_cancelled', 'password_changed'],
      email: {
        offer_received: false,
        cancellation_requested: true,
        order_cancelled: false,
        password_changed: true,
      },
      locked: ['cancellation_requested', 'password_changed'],
      hasEmail: true,
    };
    show();
    await screen.findByRole('form', { name: 'E-mail notifications' });
    const proposal = toggle('cancellation_requested');
    expect(proposal.checked).toBe(true);
    expect(proposal.disabled).toBe(true);
    expect(document.getElementById(proposal.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Always sent: unanswered, the order is cancelled by itself',
    );
    expect(toggle('order_cancelled').disabled).toBe(false);
  });

  it('shows one switch per kind, in order, with the saved choices; a locked kind is on, disabled, and says why', async () => {
    show();
    await screen.findByRole('form', { name: 'E-mail notifications' });
    const labels = screen
      .getAllByRole('switch')
      .map((s) => document.querySelector(`label[for="${s.id}"]`)?.textContent);
    expect(labels).toEqual(editorPrefs.kinds.map((k) => NOTIFICATION_KIND_LABELS[k]));
    expect(toggle('new_messages').checked).toBe(true);
    expect(toggle('order_paid').checked).toBe(false);
    const locked = toggle('password_changed');
    expect(locked.checked).toBe(true);
    expect(locked.disabled).toBe(true);
    expect(document.getElementById(locked.getAttribute('aria-describedby')!)?.textContent).toContain(
      ALWAYS_SENT_REASONS.password_changed,
    );
    expect(screen.queryByTestId('no-email-notice')).toBeNull();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the changed choices without the locked kinds, with a toast', async () => {
    show();
    await screen.findByRole('form', { name: 'E-mail notifications' });
    await userEvent.click(toggle('new_messages'));
    await userEvent.click(toggle('order_paid'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(NOTIFICATION_MESSAGES.saved);
    expect(sent).toEqual([{ email: { new_messages: false, order_paid: true, changes_requested: true } }]);
    expect(toggle('new_messages').checked).toBe(false);
    expect(toggle('order_paid').checked).toBe(true);
  });

  it("shows the server's refusal next to the form and keeps the choices", async () => {
    save = () => json(400, { message: NOTIFICATION_MESSAGES.locked });
    show();
    await screen.findByRole('form', { name: 'E-mail notifications' });
    await userEvent.click(toggle('changes_requested'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_MESSAGES.locked);
    expect(toggle('changes_requested').checked).toBe(false);
  });

  it('tells an editor without an address that e-mails need one, set by an admin', async () => {
    prefs = { ...editorPrefs, hasEmail: false };
    show();
    const notice = await screen.findByTestId('no-email-notice');
    expect(notice.textContent).toContain('E-mails need an address on your account');
    expect(notice.textContent).toContain('An admin sets it');
  });
});
