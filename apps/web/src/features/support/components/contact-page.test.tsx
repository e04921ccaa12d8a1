import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from './contact-page';
import { renderWithProviders } from '../../../testing/render-with-providers';

// A visitor: no one is signed in (contact-page-member.test.tsx has a signed-in creator).
vi.mock('../../../lib/auth/session', () => ({ useSession: () => ({ user: null, loading: false }) }));

/** Requests that would submit a ticket (the page also reads the public site settings for its contact details). */
const ticketRequests = (spy: ReturnType<typeof vi.spyOn>) =>
  spy.mock.calls.filter((args: unknown[]) => String(args[0]).includes('/public/support'));

describe('contact page, before anything is sent', () => {
  // Answers the site settings and watches every other call: a form the schema refuses must never be sent.
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/public/site-config')
        ? new Response(
            JSON.stringify({
              perksChatUrl: '/contact',
              company: {
                name: 'Cutroom Media Private Limited',
                address: '12 MG Road, Bengaluru 560001',
                supportEmail: 'help@cutroom.example',
                supportPhone: '+91 80 4000 1234',
              },
              orderRules: { autoCompleteHours: 72, cancellationResponseHours: 48 },
            }),
            { headers: { 'content-type': 'application/json' } },
          )
        : new Response(JSON.stringify({ message: 'not expected' }), { status: 500 }),
    );
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
    // Only a signed-in member can link one of their orders.
    expect(screen.queryByLabelText('Order (optional)')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.queryByText(/Subject/, { selector: '[role="alert"]' })).toBeNull();
    expect(ticketRequests(fetchSpy)).toEqual([]);
  });

  it('shows the company contact details the server is configured with', async () => {
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('heading', { name: 'Company contact details' })).toBeTruthy();
    expect(await screen.findByText('Cutroom Media Private Limited')).toBeTruthy();
    expect(screen.getByText('12 MG Road, Bengaluru 560001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@cutroom.example' }).getAttribute('href')).toBe(
      'mailto:help@cutroom.example',
    );
    expect(screen.getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href')).toBe(
      'tel:+918040001234',
    );
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
    expect(ticketRequests(fetchSpy)).toEqual([]);
  });
});
