import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from './contact-page';
import { renderWithProviders } from '../../../testing/render-with-providers';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({
    user: { _id: 'c1', role: 'creator', username: 'creator-7f3a9c', email: 'asha@example.com' },
    loading: false,
  }),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

/** The contact form for a signed-in creator (issue 25): their name and address, and their orders. */
describe('contact page, signed in', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let sent: unknown[];
  beforeEach(() => {
    sent = [];
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/public/site-config'))
        return json({ perksChatUrl: '/contact', company: {}, orderRules: {} });
      if (url.includes('/orders?')) {
        return json({ data: [{ _id: ORDER_ID, reference: 'CR-10482', title: 'Wedding teaser' }] });
      }
      if (url.includes('/public/support')) {
        sent.push(JSON.parse(String(init?.body)));
        return json(
          {
            message: 'Ticket submitted successfully!',
            data: { _id: 't1', reference: 'T-1042', name: 'x', email: 'x', message: 'x', createdAt: '' },
          },
          201,
        );
      }
      return json({ message: 'not expected' }, 500);
    });
  });
  afterEach(() => {
    cleanup();
    fetchSpy.mockRestore();
  });

  it('fills in the account’s name and e-mail, offers the member’s orders and sends the one chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(name.value).toBe('creator-7f3a9c');
    expect(email.value).toBe('asha@example.com');
    // The address replies go to is the account's: shown, not chosen.
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Your account’s e-mail: we reply there.')).toBeTruthy();

    const order = screen.getByLabelText('Order (optional)') as HTMLSelectElement;
    expect(await within(order).findByRole('option', { name: 'CR-10482 · Wedding teaser' })).toBeTruthy();
    await user.selectOptions(order, ORDER_ID);
    await user.type(screen.getByLabelText('Message'), 'The preview will not play.');
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));

    expect(await screen.findByText('Ticket submitted successfully!')).toBeTruthy();
    expect(sent).toEqual([
      {
        name: 'creator-7f3a9c',
        email: 'asha@example.com',
        subject: '',
        message: 'The preview will not play.',
        orderId: ORDER_ID,
      },
    ]);
    const number = screen.getByTestId('ticket-number');
    expect(number.textContent).toContain('Your ticket number is T-1042.');
    expect(within(number).getByRole('link', { name: 'My support tickets' }).getAttribute('href')).toBe(
      '/profile/support-tickets',
    );
    // Ready for another ticket: the account's details stay, the rest is cleared.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('creator-7f3a9c');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });
});
