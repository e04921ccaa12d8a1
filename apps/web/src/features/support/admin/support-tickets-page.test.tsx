import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_MESSAGES, type AdminSupportTicket } from '@cutroom/contracts/support';
import SupportTicketsPage from './support-tickets-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

const open: AdminSupportTicket = {
  _id: '00000000-0000-4000-8000-000000000001',
  reference: 'T-1001',
  name: 'Asha Verma',
  email: 'asha@example.com',
  subject: 'Invoice missing',
  message: 'I paid but got no invoice.',
  createdAt: '2026-11-25T10:00:00.000Z',
  account: null,
  order: null,
  status: 'open',
  closedAt: null,
  closedBy: null,
  replyCount: 1,
  replies: [
    {
      _id: 'r1',
      message: 'Looking into it.',
      author: { _id: 'a1', username: 'root' },
      createdAt: '2026-11-25T11:00:00.000Z',
      mail: { status: 'sent', sentAt: '2026-11-25T11:00:02.000Z' },
    },
  ],
};
const closed: AdminSupportTicket = {
  ...open,
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Ravi',
  email: 'ravi@example.com',
  subject: 'Where is my file?',
  status: 'closed',
  closedAt: '2026-11-26T10:00:00.000Z',
  closedBy: { _id: 'a1', username: 'root' },
  replyCount: 0,
  replies: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(path = '/admin/dashboard/support-tickets') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <SupportTicketsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin support tickets page', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let list: (url: string) => Response;
  let write: (url: string, init: RequestInit) => Response;
  beforeEach(() => {
    list = (url) => json(200, url.includes('status=closed') ? [closed] : [open]);
    write = () => json(201, { message: SUPPORT_MESSAGES.replied, data: open });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      return (init?.method ?? 'GET') === 'GET' ? list(url) : write(url, init!);
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const calls = (method: string) =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][])
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url, body: init?.body }));
  const card = async (subject: string) =>
    (await screen.findAllByTestId('support-ticket')).find((c) => c.textContent?.includes(subject))!;

  it('starts on Open tickets: cards with status, sender, replies and their e-mail state', async () => {
    show();
    const c = await card('Invoice missing');
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls('GET')[0]!.url).toBe('/api/admin/support-tickets?status=open&limit=50');
    expect(within(c).getByText('Open', { selector: 'span' })).toBeTruthy();
    expect(within(c).getByRole('link', { name: 'asha@example.com' }).getAttribute('href')).toBe(
      'mailto:asha@example.com',
    );
    const reply = within(c).getByTestId('support-reply');
    expect(reply.textContent).toContain('Looking into it.');
    expect(reply.textContent).toContain('root');
    expect(reply.textContent).toContain('E-mailed');
  });

  it('shows the ticket’s number, and for a member’s ticket their account and the order it is about', async () => {
    const member: AdminSupportTicket = {
      ...open,
      _id: '00000000-0000-4000-8000-000000000003',
      reference: 'T-1042',
      subject: 'Preview will not play',
      account: { _id: 'c1', username: 'creator-7f3a9c', role: 'creator' },
      order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser' },
    };
    list = () => json(200, [member, open]);
    show();
    const c = await card('Preview will not play');
    expect(c.textContent).toContain('T-1042');
    expect(c.textContent).toContain('(creator creator-7f3a9c)');
    expect(within(c).getByRole('link', { name: 'CR-10482 · Wedding teaser' }).getAttribute('href')).toBe(
      '/admin/dashboard/orders/o1',
    );
    const visitor = await card('Invoice missing');
    expect(visitor.textContent).toContain('T-1001');
    expect(within(visitor).queryByRole('link', { name: /CR-/ })).toBeNull();
  });

  it('refuses an empty or invisible reply next to the field, then sends one and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    show();
    const c = await card('Invoice missing');
    const field = within(c).getByLabelText('Reply to Asha Verma');
    await userEvent.click(within(c).getByRole('button', { name: 'Send reply' }));
    expect((await within(c).findByRole('alert')).textContent).toBe('Reply is required');
    await userEvent.type(field, '\u200B\u200B');
    await userEvent.click(within(c).getByRole('button', { name: 'Send reply' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '  Your invoice is attached. ');
    await userEvent.click(within(c).getByRole('button', { name: 'Reply and close' }));
    await vi.waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]).toEqual({
      url: `/api/admin/support-tickets/${open._id}/replies`,
      body: JSON.stringify({ message: 'Your invoice is attached.', close: true }),
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(SUPPORT_MESSAGES.replied, expect.anything()));
    await vi.waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the server's refusal under the field and in a toast", async () => {
    const error = vi.spyOn(toast, 'error');
    write = () => json(400, { message: 'Reply must not contain control characters' });
    show();
    const c = await card('Invoice missing');
    await userEvent.type(within(c).getByLabelText('Reply to Asha Verma'), 'Hello');
    await userEvent.click(within(c).getByRole('button', { name: 'Send reply' }));
    expect((await within(c).findByRole('alert')).textContent).toBe(
      'Reply must not contain control characters',
    );
    expect(error).toHaveBeenCalledWith(
      SUPPORT_MESSAGES.replyFailed,
      expect.objectContaining({ description: 'Reply must not contain control characters' }),
    );
  });

  it('closes a ticket, and under Closed offers Reopen; another admin first is a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    write = () => json(200, { message: SUPPORT_MESSAGES.closed, data: { ...open, status: 'closed' } });
    show();
    const c = await card('Invoice missing');
    await userEvent.click(within(c).getByRole('button', { name: 'Close ticket from Asha Verma' }));
    await vi.waitFor(() => expect(calls('PATCH')).toHaveLength(1));
    expect(calls('PATCH')[0]).toEqual({
      url: `/api/admin/support-tickets/${open._id}`,
      body: JSON.stringify({ status: 'closed' }),
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(SUPPORT_MESSAGES.closed, expect.anything()));

    await userEvent.click(screen.getByRole('button', { name: 'Closed' }));
    const done = await card('Where is my file?');
    expect(done.textContent).toContain('by root');
    expect(within(done).queryByLabelText(/Reply to/)).toBeNull();
    write = () => json(409, { message: SUPPORT_MESSAGES.alreadyOpen });
    await userEvent.click(within(done).getByRole('button', { name: 'Reopen ticket from Ravi' }));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        SUPPORT_MESSAGES.reopenFailed,
        expect.objectContaining({ description: SUPPORT_MESSAGES.alreadyOpen }),
      ),
    );
  });

  it('says when a list is empty, and when it failed to load', async () => {
    list = (url) => (url.includes('status=closed') ? json(500, { message: 'x' }) : json(200, []));
    show();
    expect(await screen.findByText('No open tickets')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SUPPORT_MESSAGES.loadFailed);
  });
});
