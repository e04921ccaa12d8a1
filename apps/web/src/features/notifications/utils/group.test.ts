import { describe, expect, it } from 'vitest';
import { badgeCount, groupNotifications, relativeTime, safeLink } from './group';
import { aLine } from '../../../testing/notification-fixtures';

describe('groupNotifications', () => {
  it('puts consecutive lines of one order under one heading: the newest line title', () => {
    const lines = [
      aLine({ _id: 'a', orderId: 'o1', roomId: 'r1', title: 'Delivery 2 is ready' }),
      aLine({ _id: 'b', orderId: 'o1', roomId: 'r1', title: 'Order paid' }),
      aLine({ _id: 'c', orderId: 'o1', roomId: 'r1', title: 'New offer' }),
    ];
    const groups = groupNotifications(lines);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ key: 'a', about: 'order', heading: 'Delivery 2 is ready' });
    expect(groups[0]!.lines.map((l) => l._id)).toEqual(['a', 'b', 'c']);
  });

  it('groups by room when lines have no order, and prefers the order when they have one', () => {
    const groups = groupNotifications([
      aLine({ _id: 'm1', roomId: 'r1', title: '2 new messages from riya' }),
      aLine({ _id: 'm2', roomId: 'r1', title: 'New message from riya' }),
      // Same room, but about an order: a group of its own.
      aLine({ _id: 'o', roomId: 'r1', orderId: 'o1', title: 'New offer' }),
    ]);
    expect(groups.map((g) => [g.about, g.heading, g.lines.length])).toEqual([
      ['room', '2 new messages from riya', 2],
      ['order', null, 1],
    ]);
  });

  it('keeps newest-first order: a line about something else in between starts a new group', () => {
    const groups = groupNotifications([
      aLine({ _id: '1', orderId: 'o1' }),
      aLine({ _id: '2', orderId: 'o2' }),
      aLine({ _id: '3', orderId: 'o1' }),
    ]);
    expect(groups.map((g) => g.lines.map((l) => l._id))).toEqual([['1'], ['2'], ['3']]);
    expect(groups.every((g) => g.heading === null)).toBe(true);
  });

  it('never groups lines about nothing in particular (a password change, a ticket)', () => {
    const groups = groupNotifications([
      aLine({ _id: 'p', kind: 'password_changed' }),
      aLine({ _id: 't', kind: 'support_ticket' }),
    ]);
    expect(groups.map((g) => [g.about, g.lines.length])).toEqual([
      [null, 1],
      [null, 1],
    ]);
  });

  it('returns nothing for no lines', () => {
    expect(groupNotifications([])).toEqual([]);
  });
});

describe('bell helpers', () => {
  const now = Date.parse('2026-11-10T12:00:00.000Z');
  it('says how long ago, then the date after a week', () => {
    expect(relativeTime('2026-11-10T11:59:40.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-09T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-06T12:00:00.000Z', now)).toBe('4 days ago');
    expect(relativeTime('2026-10-01T12:00:00.000Z', now)).toBe('1 Oct 2026');
  });

  it('caps badges at 99+', () => {
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });

  it('follows only paths of this app', () => {
    expect(safeLink('/chat?roomId=r1')).toBe('/chat?roomId=r1');
    expect(safeLink('//evil.example/x')).toBeNull();
    expect(safeLink('/\\evil.example')).toBeNull();
    expect(safeLink('https://evil.example')).toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
  });
});
