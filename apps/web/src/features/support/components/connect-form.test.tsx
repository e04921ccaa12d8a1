import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ConnectFormModal from './connect-form-modal';
import { renderWithProviders } from '../../../testing/render-with-providers';

describe('connect form', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    cleanup();
    fetchSpy.mockRestore();
  });

  it('asks for the follower count only from creators', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectFormModal open onOpenChange={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Get connected with Cutroom' })).toBeTruthy();
    expect(screen.queryByLabelText('Follower count (optional)')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Creator/ }));
    expect(screen.getByLabelText('Follower count (optional)')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Editor/ }));
    expect(screen.queryByLabelText('Follower count (optional)')).toBeNull();
  });

  it('refuses a short phone and a missing role without sending, keeping the input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectFormModal open onOpenChange={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Meera');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.type(screen.getByLabelText('Phone'), '98765');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Please enter a valid 10-digit phone number')).toBeTruthy();
    expect(screen.getByText('Please choose Editor or Creator')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Meera');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('98765');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a follower count that is not a whole number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectFormModal open onOpenChange={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Meera');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('radio', { name: /Creator/ }));
    await user.type(screen.getByLabelText('Follower count (optional)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Follower count must be a whole number')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
