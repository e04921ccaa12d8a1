import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationsPage } from '@cutroom/contracts/notifications';
import {
  bell,
  count,
  json,
  mockNotificationsApi,
  openBell,
  panel,
  show,
} from './notification-bell.test-helpers';

describe('notification bell', () => {
  const api = mockNotificationsApi();

  it('shows the unread count, and 99+ beyond that', async () => {
    api.summary = { unreadCount: 140, unreadMessages: 3 };
    show();
    await vi.waitFor(() => expect(count()).toBe('99+'));
    expect(bell().textContent).toContain('unread');
    // Nothing is listed before the bell is opened.
    expect(api.calls).toEqual(['GET /api/notifications/summary']);
  });

  it('opens a panel with the lines grouped by order, newest first, with unread dots', async () => {
    show();
    await vi.waitFor(() => expect(count()).toBe('2'));
    await openBell();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const group = await within(panel()).findByRole('group', { name: 'Delivery 1 is ready' });
    expect(
      within(group)
        .getAllByTestId('notification-line')
        .map((l) => l.dataset.read),
    ).toEqual(['false', 'true']);
    const lines = within(panel()).getAllByTestId('notification-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Delivery 1 is ready'),
      expect.stringContaining('Order paid'),
      expect.stringContaining('Your password was changed'),
    ]);
    expect(lines[0]!.textContent).toContain('Unread');
    // Focus moved into the panel.
    expect(panel().contains(document.activeElement)).toBe(true);
  });

  it('marks a line read when it is opened, and goes to its page', async () => {
    show();
    await openBell();
    const line = (await within(panel()).findAllByTestId('notification-line'))[0]!;
    await userEvent.click(line);
    expect(screen.getByTestId('where').textContent).toBe('/chat?roomId=r1');
    await vi.waitFor(() => expect(api.calls).toContain('POST /api/notifications/n1/read'));
    await vi.waitFor(() => expect(count()).toBe('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks all read', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(count()).toBeNull());
    expect(api.calls).toContain('POST /api/notifications/read-all');
    expect(
      within(panel())
        .getAllByTestId('notification-line')
        .every((l) => l.dataset.read === 'true'),
    ).toBe(true);
    expect(within(panel()).getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('loads older lines with the cursor', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Load more' }));
    await within(panel()).findByText('A refund is on its way');
    expect(api.calls).toContain('GET /api/notifications?limit=20&cursor=n3');
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says you're all caught up when there is nothing, and offers a retry when loading fails", async () => {
    api.pages['GET /api/notifications?limit=20'] = () => json(500, {});
    show();
    await openBell();
    expect((await within(panel()).findByRole('alert')).textContent).toContain('Could not load notifications');
    api.pages['GET /api/notifications?limit=20'] = () =>
      json(200, { data: [], nextCursor: null, unreadCount: 0 } satisfies NotificationsPage);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Try Again' }));
    await within(panel()).findByText("You're all caught up");
  });

  it('closes on Escape with the focus back on the bell, and on a click outside', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());

    await openBell();
    expect(panel()).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
