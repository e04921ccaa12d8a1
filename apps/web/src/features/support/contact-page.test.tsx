import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from './contact-page';
import { renderWithProviders } from './test-utils';

describe('contact page, before anything is sent', () => {
  // Watches (does not replace) fetch: a form the schema refuses must never reach the network.
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    cleanup();
    fetchSpy.mockRestore();
  });

  it('starts idle with the four fields and names every missing required one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeTruthy();
    for (const label of ['Name', 'Email', 'Subject (optional)', 'Message']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.queryByText(/Subject/, { selector: '[role="alert"]' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the e-mail is refused', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha-at-example');
    await user.type(screen.getByLabelText('Message'), 'My payment is stuck.');
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('My payment is stuck.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
