import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import { CONTACT_DETAILS_BLOCKED_MESSAGE } from '@cutroom/contracts/contact-details';
import { DISPUTE_MESSAGES } from '@cutroom/contracts/disputes';
import type { User } from '@cutroom/contracts/roles';
import { anOrder } from '../../../testing/order-fixtures';
import { OrderPanel } from '../../orders';
import {
  aDelivery,
  aDispute,
  aMessage,
  fakeApi,
  ORDER_ID,
  renderDisputes,
  uid,
  type Call,
} from '../disputes.test-helpers';
import { orderDisputeParts } from '../index';
import { OpenDisputeDialog } from './open-dispute-dialog';

const order = anOrder({ status: 'delivered', paid: true, actions: ['review', 'open_dispute'] });
const STATEMENT = 'The brief asked for a vertical cut and this one is horizontal.';

/** The room: a system line, the creator's message, then the editor's; two deliveries, one of another order. */
function api(dispute: unknown = { data: aDispute() }) {
  return fakeApi({
    'GET /chat/r1/messages': {
      data: [
        aMessage(uid(1), 'Offer CR-10482 accepted.', null),
        aMessage(uid(2), 'Please make it vertical', 'creator'),
        aMessage(uid(3), 'Sure, on it', 'editor'),
      ],
      hasMore: false,
    },
    'GET /chat/r1/deliveries': {
      data: [aDelivery(uid(12), 2, 'another-order'), aDelivery(uid(11), 1)],
      hasMore: false,
    },
    [`POST /orders/${ORDER_ID}/dispute`]: dispute,
    'POST /contact-refusals': [400, { message: CONTACT_DETAILS_BLOCKED_MESSAGE }],
  });
}

function open(side: 'creator' | 'editor' = 'creator') {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  renderDisputes(<OpenDisputeDialog order={order} side={side} onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
  return {
    user,
    dialog,
    onOpenChange,
    reason: within(dialog).getByLabelText('Reason') as HTMLSelectElement,
    statement: within(dialog).getByLabelText('Your statement') as HTMLTextAreaElement,
    send: within(dialog).getByRole('button', { name: 'Open the dispute' }),
  };
}

/** The field's own error line: the alert in the block of the control's label. */
const fieldError = (control: HTMLElement) =>
  within(document.querySelector<HTMLElement>(`label[for="${control.id}"]`)!.parentElement!).queryByRole(
    'alert',
  )?.textContent;

/** Long texts are pasted: typed key by key they took seconds on a loaded machine. */
async function typeIn(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const posted = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('opening a dispute on an order', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks for a reason among the contracts’ labels and a statement, beside each field, and sends nothing', async () => {
    const calls = api();
    const { user, reason, statement, send } = open();
    expect([...reason.options].map((o) => o.textContent)).toEqual([
      'Choose a reason',
      'Not as described',
      'Quality',
      'Late',
      'No response',
      'Payment',
      'Other',
    ]);
    await user.click(send);
    expect(fieldError(reason)).toBe('Choose a reason');
    expect(fieldError(statement)).toBe('Statement must be at least 20 characters');
    await user.type(statement, 'Too short');
    await user.click(send);
    expect(fieldError(statement)).toBe('Statement must be at least 20 characters');
    expect(posted(calls, `/orders/${ORDER_ID}/dispute`)).toEqual([]);
  });

  it('refuses contact details beside the statement and reports the attempt, sending nothing', async () => {
    const calls = api();
    const { user, reason, statement, send } = open('editor');
    await user.selectOptions(reason, 'quality');
    await typeIn(user, statement, 'Write to me at asha.edits@example.com and we can sort it out');
    await user.click(send);
    expect(fieldError(statement)).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    await waitFor(() => expect(posted(calls, '/contact-refusals')).toHaveLength(1));
    expect(posted(calls, '/contact-refusals')[0]!.body).toMatchObject({
      place: 'dispute_statement',
      orderId: ORDER_ID,
      roomId: 'r1',
    });
    expect(posted(calls, `/orders/${ORDER_ID}/dispute`)).toEqual([]);
  });

  it('offers the room’s messages (newest first, no system lines) and this order’s deliveries; sends what was checked', async () => {
    const calls = api();
    const { user, dialog, reason, statement, send, onOpenChange } = open();
    const messages = within(within(dialog).getByTestId('dispute-cite-messages'));
    await messages.findByText('Sure, on it');
    expect(messages.getAllByRole('checkbox').map((b) => b.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Editor · .+Sure, on it$/),
      expect.stringMatching(/^You · .+Please make it vertical$/),
    ]);
    const deliveries = within(within(dialog).getByTestId('dispute-cite-deliveries'));
    await deliveries.findByText('Delivery #1 (video)');
    expect(deliveries.getAllByRole('checkbox')).toHaveLength(1);

    await user.selectOptions(reason, 'not_as_described');
    await typeIn(user, statement, STATEMENT);
    await user.click(messages.getByRole('checkbox', { name: /Please make it vertical/ }));
    await user.click(deliveries.getByRole('checkbox', { name: /Delivery #1/ }));
    await user.click(send);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted(calls, `/orders/${ORDER_ID}/dispute`).map((c) => c.body)).toEqual([
      { reason: 'not_as_described', statement: STATEMENT, messageIds: [uid(2)], deliveryIds: [uid(11)] },
    ]);
  });

  it('says the server’s refusal in the dialog and keeps everything typed and checked', async () => {
    api([409, { message: DISPUTE_MESSAGES.alreadyOpen }]);
    const { user, dialog, reason, statement, send, onOpenChange } = open();
    await user.selectOptions(reason, 'late');
    await typeIn(user, statement, STATEMENT);
    const box = await within(dialog).findByRole('checkbox', { name: /Delivery #1/ });
    await user.click(box);
    await user.click(send);
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(DISPUTE_MESSAGES.alreadyOpen);
    expect(statement.value).toBe(STATEMENT);
    expect(reason.value).toBe('late');
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog', { name: 'Open a dispute' })).toBe(dialog);
  });
});

describe("'Open a dispute' on the room's order cards", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const room: ChatRoom = {
    _id: 'r1',
    creator: { _id: 'c1', username: 'creator_1' },
    editor: { _id: 'e1', username: 'Asha Edits' },
    isFrozen: false,
    isEnded: false,
    status: 'Active',
    lastMessage: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
  const editor: User = { _id: 'e1', role: 'editor', username: 'Asha Edits' };

  async function panel(withDisputes: boolean) {
    fakeApi({ 'GET /orders': { data: [{ ...order, actions: ['open_dispute', 'request_cancellation'] }] } });
    renderDisputes(
      <OrderPanel
        room={room}
        me={editor}
        socket={null}
        DeliveryForm={() => null}
        disputes={withDisputes ? orderDisputeParts : undefined}
      />,
    );
    // Folded in a narrow window (jsdom has no media queries) with nothing waiting: unfold it.
    await userEvent.click(await screen.findByRole('button', { name: /^Orders \(1\)/ }));
  }

  it('is one of the card’s steps when the order lists it, and opens the dispute form', async () => {
    const user = userEvent.setup();
    await panel(true);
    const group = await screen.findByRole('group', { name: 'Actions for order CR-10482' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Open a dispute', 'Propose cancellation']);
    await user.click(within(group).getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByRole('dialog', { name: 'Open a dispute' })).toBeTruthy();
  });

  it('is not offered where the chat hands in no dispute form', async () => {
    await panel(false);
    const group = await screen.findByRole('group', { name: 'Actions for order CR-10482' });
    expect(within(group).queryByRole('button', { name: 'Open a dispute' })).toBeNull();
  });
});
