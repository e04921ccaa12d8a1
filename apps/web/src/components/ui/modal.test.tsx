import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal';

/** A page with a plain button (not a Dialog.Trigger) that opens the modal, as every caller does. */
function Page(props: { removeOpenerWhileOpen?: boolean; focusOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const elsewhere = useRef<HTMLButtonElement>(null);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next && props.focusOnClose) setTimeout(() => elsewhere.current?.focus(), 0);
  };
  return (
    <>
      <button type="button">Before</button>
      {!(open && props.removeOpenerWhileOpen) && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <button type="button" ref={elsewhere}>
        Elsewhere
      </button>
      <Modal open={open} onOpenChange={close} title="Freeze chat">
        <button type="button">Confirm</button>
      </Modal>
    </>
  );
}

/** Focuses the opener and presses Enter, as a keyboard user opens it. */
async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  screen.getByRole('button', { name: 'Open' }).focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: 'Freeze chat' });
}

afterEach(cleanup);

describe('Modal focus', () => {
  it('moves the focus into the dialog and keeps it there while open', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const dialog = await openWithKeyboard(user);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('returns the focus to the button that opened it when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await openWithKeyboard(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('returns the focus to the opener when the Close button closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('does not focus an opener that has left the document', async () => {
    const user = userEvent.setup();
    render(<Page removeOpenerWhileOpen />);
    await openWithKeyboard(user);
    expect(screen.queryByRole('button', { name: 'Open', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves alone a focus the caller placed itself on close', async () => {
    const user = userEvent.setup();
    render(<Page focusOnClose />);
    await openWithKeyboard(user);
    await user.keyboard('{Escape}');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
