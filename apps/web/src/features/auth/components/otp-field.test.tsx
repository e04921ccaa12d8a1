import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-field';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('OtpInput', () => {
  function Box() {
    return <OtpInput aria-label="Code" />;
  }

  it('drops anything but digits as they are typed', async () => {
    render(<Box />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    await userEvent.type(input, '1a2b-3 c');
    expect(input.value).toBe('123');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.maxLength).toBe(6);
  });

  it('keeps every digit of a pasted code written with spaces or words', async () => {
    render(<Box />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    input.focus();
    await userEvent.paste('Code: 123 456');
    expect(input.value).toBe('123456');
    await userEvent.clear(input);
    await userEvent.paste('12\n34\t56789');
    expect(input.value).toBe('123456');
  });

  it('hands only digits to its onChange (react-hook-form reads them from there)', () => {
    const seen: string[] = [];
    render(<OtpInput aria-label="Code" onChange={(e) => seen.push(e.target.value)} />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '9x8y7' } });
    expect(seen).toEqual(['987']);
  });
});
