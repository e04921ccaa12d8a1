import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';

function setup(disabled = false) {
  const onSend = vi.fn();
  const onKeystroke = vi.fn();
  const onRefused = vi.fn();
  render(
    <Composer
      disabled={disabled}
      onSend={onSend}
      onKeystroke={onKeystroke}
      onStopTyping={() => {}}
      onRefused={onRefused}
    />,
  );
  return {
    onSend,
    onKeystroke,
    onRefused,
    box: screen.getByLabelText('Message'),
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

describe('message box', () => {
  afterEach(cleanup);

  it('sends trimmed text on Enter and clears the box', async () => {
    const user = userEvent.setup();
    const { onSend, onKeystroke, box } = setup();
    await user.type(box, '  Can you start Monday?  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Can you start Monday?');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(onKeystroke).toHaveBeenCalled();
  });

  it('does not send empty or whitespace-only text', async () => {
    const user = userEvent.setup();
    const { onSend, box, send } = setup();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });

  it('blocks contact details before they leave the page, keeping the text', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, 'call me on 98765 43210{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(BLOCKED);
    expect((box as HTMLTextAreaElement).value).toBe('call me on 98765 43210');
  });

  it('hands a refused text over for the record (the third probe: a handle after "tg"), and only then', async () => {
    const user = userEvent.setup();
    const { onSend, onRefused, box } = setup();
    await user.type(box, 'tg rahulcuts{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledExactlyOnceWith('tg rahulcuts');
    await user.clear(box);
    await user.type(box, 'Part II is ready{Enter}');
    expect(onSend).toHaveBeenCalledWith('Part II is ready');
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it('is disabled with "Chat is disabled" when the room is frozen or ended', () => {
    const { box, send } = setup(true);
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    expect(box.getAttribute('placeholder')).toBe('Chat is disabled');
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });
});
