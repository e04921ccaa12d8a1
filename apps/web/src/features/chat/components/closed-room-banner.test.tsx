import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import type { Role } from '@cutroom/contracts/roles';
import { ClosedRoomBanner } from './closed-room-banner';

const room: ChatRoom = {
  _id: 'room-1',
  creator: { _id: 'c1', username: 'creator-7f3a9c' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  isFrozen: false,
  isEnded: false,
  status: 'Active',
  lastMessage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function show(r: ChatRoom, viewer: Role) {
  render(
    <MemoryRouter>
      <ClosedRoomBanner room={r} viewer={viewer} />
    </MemoryRouter>,
  );
  return screen.queryByTestId('chat-banner');
}

const hrefs = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('link')
    .map((a) => `${a.textContent} → ${a.getAttribute('href')}`);

describe('the banner of a closed chat', () => {
  afterEach(cleanup);

  it('is not there while the chat is open', () => {
    expect(show(room, 'creator')).toBeNull();
  });

  it("frozen: SPEC's words first, then that they can read it and whom to contact", () => {
    const banner = show({ ...room, isFrozen: true, status: 'Frozen' }, 'editor')!;
    expect(banner.textContent).toMatch(
      /^Chat frozen by admin\. An admin paused this chat\. You can read it;/,
    );
    expect(hrefs(banner)).toEqual(['contact support → /contact']);
  });

  it('ended: Ended wins over Frozen, and a creator is pointed to other editors and to support', () => {
    const banner = show({ ...room, isFrozen: true, isEnded: true, status: 'Ended' }, 'creator')!;
    expect(banner.textContent).toMatch(/^Chat ended by admin\. You can still read it/);
    expect(banner.textContent).toContain('unless an admin reopens it');
    expect(hrefs(banner)).toEqual(['Portfolio → /portfolio', 'contact support → /contact']);
  });

  it('ended, for an editor: only support, since editors do not start chats', () => {
    const banner = show({ ...room, isEnded: true, status: 'Ended' }, 'editor')!;
    expect(banner.textContent).toMatch(/^Chat ended by admin\./);
    expect(banner.textContent).not.toContain('another editor');
    expect(hrefs(banner)).toEqual(['contact support → /contact']);
  });
});
