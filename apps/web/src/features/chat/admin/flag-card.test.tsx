import { useState } from 'react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerationAction, ModerationFlag } from '@cutroom/contracts/moderation';
import { FlagCard } from './flag-card';

const flag: ModerationFlag = {
  _id: 'flag-1',
  source: 'chat_message',
  status: 'open',
  kind: 'handle',
  reason: 'Invites the other member to talk elsewhere',
  excerpt: 'message me on whatsapp, ok?',
  match: 'whatsapp',
  author: { _id: 'c1', username: 'creator-7f3a9c', role: 'creator' },
  room: { _id: 'room-1', creator: 'creator-7f3a9c', editor: 'Riya Cuts', isFrozen: false, isEnded: false },
  messageId: 'm1',
  order: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
};

/** The card as the queue holds it: `busy` while the action it asked for is under way. */
function Queue(props: { onAct: (action: ModerationAction) => void; control: { finish?: () => void } }) {
  const [busy, setBusy] = useState(false);
  props.control.finish = () => setBusy(false);
  return (
    <FlagCard
      flag={flag}
      busy={busy}
      onAct={(action) => {
        props.onAct(action);
        // As the mutation does: pending on a later tick, not in the click's own render.
        setTimeout(() => setBusy(true), 0);
      }}
    />
  );
}

/** The card in its queue; `control.finish()` ends the action under way, as the server's answer would. */
function show() {
  const onAct = vi.fn();
  const control: { finish?: () => void } = {};
  render(
    <MemoryRouter>
      <Queue onAct={onAct} control={control} />
    </MemoryRouter>,
  );
  return { onAct, control };
}

describe('moderation flag card', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("asks before freezing the room, with the chat room pages' question, and Cancel does nothing", async () => {
    const user = userEvent.setup();
    const { onAct } = show();
    await user.click(screen.getByRole('button', { name: 'Freeze room' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze this chat?' });
    expect(within(dialog).getByText(/creator-7f3a9c \(creator\) and Riya Cuts \(editor\)/)).toBeTruthy();
    expect(dialog.textContent).toContain('until you unfreeze it');
    expect(dialog.textContent).toContain('They can still read the conversation');
    expect(dialog.textContent).toContain('Orders in this chat are not cancelled');
    expect(onAct).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Escape}');
    expect(onAct).not.toHaveBeenCalled();
  });

  it('freezes once confirmed, says so while it runs, and closes the question when done', async () => {
    const user = userEvent.setup();
    const { onAct, control } = show();
    await user.click(screen.getByRole('button', { name: 'Freeze room' }));
    await user.click(screen.getByRole('button', { name: 'Freeze chat' }));
    expect(onAct).toHaveBeenCalledExactlyOnceWith('freeze-room');
    // Under way: the question stays, its buttons wait.
    const running = await screen.findByRole('button', { name: 'Freezing...' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => control.finish!());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onAct).toHaveBeenCalledTimes(1);
  });

  it('acts at once on Dismiss and Remove message', async () => {
    const user = userEvent.setup();
    const { onAct } = show();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onAct).toHaveBeenLastCalledWith('dismiss');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
