import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_UPDATED_EVENT } from '@cutroom/contracts/disputes';
import { anAdminRow, fakeApi, fakeSocket, renderDisputes, type Call } from '../disputes.test-helpers';
import { ageLabel } from '../utils/age';
import DisputesPage from './disputes-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const older = anAdminRow({
  _id: 'd-old',
  orderReference: 'CR-10001',
  orderTitle: 'Wedding teaser',
  createdAt: ago(3 * DAY + 3_600_000),
  overdue: true,
});
const newer = anAdminRow({
  _id: 'd-new',
  orderReference: 'CR-10002',
  orderTitle: 'Product reel',
  reason: 'late',
  reasonLabel: 'Late',
  status: 'awaiting_response',
  statusLabel: 'Waiting for an answer',
  creator: 'creator-1b00a4',
  editor: 'Riya Cuts',
  paidAmount: 5999.5,
  createdAt: ago(5 * 3_600_000),
  actions: [],
});

function show(rows = [older, newer], closed = [anAdminRow({ _id: 'd-done', orderReference: 'CR-9' })]) {
  const calls = fakeApi({
    'GET /admin/disputes': (c: Call) => {
      const data = c.path.includes('status=closed') ? closed : rows;
      return { data, page: 1, limit: 20, total: data.length };
    },
  });
  const socket = fakeSocket();
  renderDisputes(<DisputesPage />, socket);
  return { calls, socket };
}

/** The table's rows (jsdom applies no media query: the table and the cards are both in the page). */
const tableRows = async () => {
  const table = await screen.findByRole('table', { name: 'Disputes' });
  return within(table).getAllByRole('row').slice(1);
};

describe('the admins’ disputes queue', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists open disputes in the server’s order (oldest first): age, overdue, order, reason, both names, paid', async () => {
    const { calls } = show();
    const [first, second] = await tableRows();
    expect(calls[0]!.path).toBe('/admin/disputes?status=open&page=1&limit=20');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first!)).toEqual([
      '3 dOpened 3 days agoOverdue',
      'CR-10001Wedding teaser',
      'Not as described',
      'Creator: creator-7f3a9cEditor: Asha Edits',
      '₹6,999',
      'With Cutroom support',
      'Open case',
    ]);
    expect(cells(second!)).toEqual([
      '5 hOpened 5 hours ago',
      'CR-10002Product reel',
      'Late',
      'Creator: creator-1b00a4Editor: Riya Cuts',
      '₹5,999.50',
      'Waiting for an answer',
      'Open case',
    ]);
    expect(
      within(first!).getByRole('link', { name: 'Open the case of order CR-10001' }).getAttribute('href'),
    ).toBe('/admin/disputes/d-old');
    expect(screen.getByText('2 open disputes, oldest first')).toBeTruthy();
  });

  it('shows each case as a card too, with the same fields and its button', async () => {
    show();
    const cards = await screen.findByRole('list', { name: 'Disputes' });
    const card = within(cards).getAllByRole('listitem')[0]!;
    expect(card.dataset.dispute).toBe('CR-10001');
    for (const text of ['Overdue', 'Not as described', 'creator-7f3a9c', 'Asha Edits', '₹6,999']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(within(card).getByRole('link', { name: 'Open the case of order CR-10001' })).toBeTruthy();
  });

  it('has the closed disputes in their own tab', async () => {
    const user = userEvent.setup();
    const { calls } = show();
    await tableRows();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/admin/disputes?status=closed&page=1&limit=20'),
    );
    const [only, ...rest] = await tableRows();
    expect(rest).toEqual([]);
    expect(only!.textContent).toContain('CR-9');
  });

  it('says when nothing waits', async () => {
    show([]);
    expect(await screen.findByText('No open disputes')).toBeTruthy();
  });

  it('follows every dispute change live', async () => {
    const { calls, socket } = show();
    await tableRows();
    socket.emit(DISPUTE_UPDATED_EVENT, { disputeId: 'x', orderId: 'o', roomId: 'r', status: 'with_admins' });
    await waitFor(() => expect(calls.filter((c) => c.path.includes('status=open'))).toHaveLength(2));
  });
});

describe('the age of a case', () => {
  it('is short enough for a badge', () => {
    const now = Date.parse('2030-01-10T12:00:00.000Z');
    expect(ageLabel('2030-01-10T11:59:50.000Z', now)).toBe('1 min');
    expect(ageLabel('2030-01-10T11:15:00.000Z', now)).toBe('45 min');
    expect(ageLabel('2030-01-10T07:00:00.000Z', now)).toBe('5 h');
    expect(ageLabel('2030-01-07T11:00:00.000Z', now)).toBe('3 d');
  });
});
