import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_KEY } from '../utils/desktop';
import { SUMMARY_DEBOUNCE_MS } from '../hooks/use-notifications-live';
import { aLine } from '../../../testing/notification-fixtures';
import { bell, count, mockNotificationsApi, openBell, panel, show } from './notification-bell.test-helpers';

describe('notification bell', () => {
  const api = mockNotificationsApi();

  it('puts a pushed line on top, counts it, and toasts it while the bell is closed', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(bell());

    const pushed = aLine({
      _id: 'n9',
      title: 'New offer from riya',
      body: 'Reel pack · ₹1,499',
      link: '/chat?roomId=r2',
    });
    act(() => void socket.emit('notificationCreated', pushed));
    await vi.waitFor(() => expect(count()).toBe('3'));
    const toast = await screen.findByText('New offer from riya', { selector: '[data-title]' });
    expect(toast).toBeTruthy();
    // The same line again (replayed after a reconnection) is neither listed nor counted twice.
    act(() => void socket.emit('notificationCreated', pushed));
    expect(count()).toBe('3');

    await openBell();
    const lines = await within(panel()).findAllByTestId('notification-line');
    expect(lines[0]!.textContent).toContain('New offer from riya');
    expect(lines).toHaveLength(4);

    // The toast's View opens it.
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByTestId('where').textContent).toBe('/chat?roomId=r2');
  });

  it('does not toast a pushed line while the bell is open', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    act(() => void socket.emit('notificationCreated', aLine({ _id: 'n9', title: 'Quiet line' })));
    await within(panel()).findByText('Quiet line');
    expect(screen.queryByText('Quiet line', { selector: '[data-title]' })).toBeNull();
  });

  it('follows lines read on another tab', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    api.summary = { unreadCount: 1, unreadMessages: 0 };
    act(() => void socket.emit('notificationsRead', { ids: ['n1'], unreadCount: 1 }));
    await vi.waitFor(() => expect(count()).toBe('1'));
    expect(within(panel()).getAllByTestId('notification-line')[0]!.dataset.read).toBe('true');
    api.summary = { unreadCount: 0, unreadMessages: 0 };
    act(() => void socket.emit('notificationsRead', { ids: null, unreadCount: 0 }));
    await vi.waitFor(() => expect(count()).toBeNull());
  });

  it('asks the server for fresh figures once per burst of chat events, not for its own messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { socket } = show();
      await vi.waitFor(() => expect(api.calls).toEqual(['GET /api/notifications/summary']));
      const message = (sender: string) => ({
        _id: `m-${sender}`,
        chatRoom: 'r1',
        sender: { _id: sender, role: 'editor' },
        content: 'Hi',
        sentAt: new Date().toISOString(),
        read: false,
      });
      act(() => {
        socket.emit('newMessage', message('c1'));
        socket.emit('messageSeen', { roomId: 'r1', messageId: 'x', sender: 'c1', readAt: '' });
      });
      await vi.advanceTimersByTimeAsync(SUMMARY_DEBOUNCE_MS + 50);
      expect(api.calls.filter((c) => c.endsWith('/summary'))).toHaveLength(1);

      api.summary = { unreadCount: 2, unreadMessages: 2 };
      act(() => {
        socket.emit('newMessage', message('e1'));
        socket.emit('newMessage', { ...message('e1'), _id: 'm2' });
        socket.emit('messageSeen', { roomId: 'r1', messageId: 'm1', sender: 'e1', readAt: '' });
      });
      await vi.advanceTimersByTimeAsync(SUMMARY_DEBOUNCE_MS + 50);
      await vi.waitFor(() => expect(api.calls.filter((c) => c.endsWith('/summary'))).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a desktop notification for a pushed line when the tab is hidden and the person opted in', async () => {
    const shown: { title: string; opts: NotificationOptions }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, opts: NotificationOptions) {
        shown.push({ title, opts });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.setItem(DESKTOP_KEY, 'on');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { socket } = show();
    await vi.waitFor(() => expect(count()).toBe('2'));
    act(
      () =>
        void socket.emit('notificationCreated', aLine({ _id: 'n9', title: 'Delivery ready', body: 'CR-1' })),
    );
    expect(shown).toEqual([{ title: 'Delivery ready', opts: { body: 'CR-1', tag: 'n9' } }]);

    // Visible again: the toast is enough.
    hidden.mockReturnValue(false);
    act(() => void socket.emit('notificationCreated', aLine({ _id: 'n10', title: 'Order paid' })));
    expect(shown).toHaveLength(1);
  });
});
