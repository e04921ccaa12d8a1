import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_MESSAGES, DISPUTE_UPDATED_EVENT, type Dispute } from '@cutroom/contracts/disputes';
import type { Order } from '@cutroom/contracts/orders';
import { anOrder } from '../../../testing/order-fixtures';
import {
  aDispute,
  disputedOrder,
  DISPUTE_ID,
  fakeApi,
  fakeSocket,
  ORDER_ID,
  renderDisputes,
  type Call,
} from '../disputes.test-helpers';
import { DisputeNotice } from './dispute-notice';

type Side = 'creator' | 'editor';

const answered = { statement: 'The brief said horizontal all along.', at: '2030-01-05T12:00:00.000Z' };

/** The order's disputes as the server has them now (`reply` may change between fetches). */
function show(side: Side, dispute: Dispute | Dispute[], order: Order = disputedOrder(), extra = {}) {
  let list = Array.isArray(dispute) ? dispute : [dispute];
  const calls = fakeApi({ [`GET /orders/${ORDER_ID}/disputes`]: () => ({ data: list }), ...extra });
  const socket = fakeSocket();
  renderDisputes(<DisputeNotice order={order} side={side} />, socket);
  return { calls, socket, set: (next: Dispute[]) => (list = next) };
}

const notice = () => screen.findByTestId('order-dispute');
const buttons = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim())
    .filter((t) => !/^Show/.test(t ?? ''));
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET').length;

describe('the dispute on an order card', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('to the side that opened it, waiting for an answer: the statement, the evidence, the deadline, Withdraw', async () => {
    // Cited in one go, the delivery may come first from the server: messages are read first anyway.
    const delivery = {
      ...aDispute().evidence[0]!,
      _id: 'ev0',
      kind: 'delivery' as const,
      summary: 'Delivery #1 (video)',
      messageId: null,
      deliveryId: 'dl1',
      file: null,
    };
    show('creator', aDispute({ actions: ['withdraw'], evidence: [delivery, ...aDispute().evidence] }));
    const el = await notice();
    expect(el.textContent).toContain('Dispute: Not as described · opened by you');
    expect(within(el).getByText('Waiting for an answer')).toBeTruthy();
    expect(within(el).getByTestId('dispute-state').textContent).toMatch(
      /^The editor can answer until .+; then, unless you settle between you, Cutroom support decides\.$/,
    );
    expect(within(el).getByTestId('dispute-statement').textContent).toContain('You wrote');
    expect(within(el).getByTestId('dispute-evidence').textContent).toBe(
      'You citeCreator: Please make it verticalDelivery #1 (video)',
    );
    expect(buttons(el)).toEqual(['Withdraw the dispute']);
  });

  it('to the other side: who opened it, when to answer, Answer', async () => {
    show('editor', aDispute({ actions: ['answer'] }));
    const el = await notice();
    expect(el.textContent).toContain('opened by the creator');
    expect(within(el).getByTestId('dispute-statement').textContent).toContain('The creator wrote');
    expect(within(el).getByTestId('dispute-state').textContent).toMatch(
      /^Answer by .+, or it goes to Cutroom support without your side\.$/,
    );
    expect(within(el).getByTestId('dispute-evidence').textContent).toBe(
      'The creator citesCreator: Please make it vertical',
    );
    expect(buttons(el)).toEqual(['Answer the dispute']);
  });

  it.each<[Side, Dispute['actions'], string[]]>([
    ['creator', ['escalate', 'withdraw'], ['Send to Cutroom support', 'Withdraw the dispute']],
    ['editor', ['escalate'], ['Send to Cutroom support']],
  ])(
    'answered, to the %s: both statements and the way to Cutroom support',
    async (side, actions, expected) => {
      show(side, aDispute({ status: 'answered', statusLabel: 'Answered', response: answered, actions }));
      const el = await notice();
      expect(within(el).getByTestId('dispute-response').textContent).toContain(answered.statement);
      expect(within(el).getByTestId('dispute-response').textContent).toContain(
        side === 'editor' ? 'You answered' : 'The editor answered',
      );
      expect(buttons(el)).toEqual(expected);
    },
  );

  it('with Cutroom support: since when, and when it decides; the other side has no step left', async () => {
    show(
      'editor',
      aDispute({
        status: 'with_admins',
        statusLabel: 'With Cutroom support',
        response: answered,
        escalatedAt: '2030-01-05T13:00:00.000Z',
      }),
    );
    const el = await notice();
    expect(within(el).getByTestId('dispute-state').textContent).toMatch(
      /^With Cutroom support since .+\. Cutroom support decides within 72 hours; the order stays on hold until then\.$/,
    );
    expect(buttons(el)).toEqual([]);
  });

  it.each<[Side, string]>([
    ['creator', 'Partial refund to the creator · ₹2,500 back to you'],
    ['editor', 'Partial refund to the creator · ₹2,500 back to the creator'],
  ])(
    'decided, to the %s: the decision, the refund and the note; the statements folded',
    async (side, line) => {
      const user = userEvent.setup();
      const decided = aDispute({
        status: 'decided',
        statusLabel: 'Decided',
        response: answered,
        decision: {
          kind: 'partial_refund',
          label: 'Partial refund to the creator',
          amount: 2500,
          note: 'The second half did not follow the brief.',
          at: '2030-01-06T10:00:00.000Z',
        },
      });
      // The decision ended the dispute: the completed order no longer names it.
      const order = disputedOrder({ status: 'completed', disputeId: null, actions: [] });
      show(side, [decided, aDispute({ _id: 'older', status: 'withdrawn', statusLabel: 'Withdrawn' })], order);
      const el = await notice();
      expect(el.dataset.status).toBe('decided');
      const decision = within(el).getByTestId('dispute-decision');
      expect(decision.textContent).toBe(`${line}“The second half did not follow the brief.”`);
      expect(within(el).queryByTestId('dispute-statement')).toBeNull();
      await user.click(within(el).getByRole('button', { name: 'Show the statements' }));
      expect(within(el).getByTestId('dispute-response').textContent).toContain(answered.statement);
      expect(buttons(el)).toEqual(['Hide the statements']);
    },
  );

  it('shows nothing, and asks nothing, for an order in progress without a dispute', async () => {
    const { calls } = show(
      'creator',
      aDispute(),
      anOrder({ status: 'in_progress', paid: true, paidAt: 'x' }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('order-dispute')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows nothing for a paid, completed order whose dispute was withdrawn', async () => {
    const order = disputedOrder({ status: 'completed', disputeId: null });
    const { calls } = show('creator', aDispute({ status: 'withdrawn', statusLabel: 'Withdrawn' }), order);
    await waitFor(() => expect(gets(calls)).toBe(1));
    expect(screen.queryByTestId('order-dispute')).toBeNull();
  });

  it('follows the server live: a disputeUpdated for the order fetches it again, one for another does not', async () => {
    const { calls, socket, set } = show('creator', aDispute({ actions: ['withdraw'] }));
    await notice();
    socket.emit(DISPUTE_UPDATED_EVENT, {
      disputeId: 'x',
      orderId: 'another',
      roomId: 'r1',
      status: 'answered',
    });
    set([
      aDispute({ status: 'answered', statusLabel: 'Answered', response: answered, actions: ['escalate'] }),
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(gets(calls)).toBe(1);
    socket.emit(DISPUTE_UPDATED_EVENT, {
      disputeId: DISPUTE_ID,
      orderId: ORDER_ID,
      roomId: 'r1',
      status: 'answered',
    });
    expect(await screen.findByTestId('dispute-response')).toBeTruthy();
    expect(buttons(await notice())).toEqual(['Send to Cutroom support']);
  });
});

describe('the steps of a dispute', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends it to Cutroom support only once confirmed; going back sends nothing', async () => {
    const user = userEvent.setup();
    const path = `/disputes/${DISPUTE_ID}/escalate`;
    const { calls } = show(
      'creator',
      aDispute({ status: 'answered', statusLabel: 'Answered', response: answered, actions: ['escalate'] }),
      undefined,
      {
        [`POST ${path}`]: { data: aDispute({ status: 'with_admins', statusLabel: 'With Cutroom support' }) },
      },
    );
    await user.click(within(await notice()).getByRole('button', { name: 'Send to Cutroom support' }));
    let dialog = screen.getByRole('dialog', { name: 'Send to Cutroom support?' });
    expect(dialog.textContent).toContain('It decides within 72 hours.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(await notice()).getByRole('button', { name: 'Send to Cutroom support' }));
    dialog = screen.getByRole('dialog', { name: 'Send to Cutroom support?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to Cutroom support' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([path]);
  });

  it('says a refused withdrawal in its confirmation, which stays open', async () => {
    const user = userEvent.setup();
    show('creator', aDispute({ actions: ['withdraw'] }), undefined, {
      [`POST /disputes/${DISPUTE_ID}/withdraw`]: [409, { message: DISPUTE_MESSAGES.notOpen }],
    });
    await user.click(within(await notice()).getByRole('button', { name: 'Withdraw the dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the dispute?' });
    expect(dialog.textContent).toContain(
      'The dispute on order CR-10482 ends and the order goes on as it was.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the dispute' }));
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(DISPUTE_MESSAGES.notOpen);
    expect(screen.getByRole('dialog', { name: 'Withdraw the dispute?' })).toBe(dialog);
  });

  it('answers with a statement and no reason', async () => {
    const user = userEvent.setup();
    const path = `/disputes/${DISPUTE_ID}/answer`;
    const { calls } = show('editor', aDispute({ actions: ['answer'] }), undefined, {
      'GET /chat/r1/messages': { data: [], hasMore: false },
      'GET /chat/r1/deliveries': { data: [], hasMore: false },
      [`POST ${path}`]: { data: aDispute({ status: 'answered', response: answered }) },
    });
    await user.click(within(await notice()).getByRole('button', { name: 'Answer the dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer the dispute' });
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    await within(dialog).findByText('No messages in this chat yet.');
    await user.click(within(dialog).getByLabelText('Your statement'));
    await user.paste(answered.statement);
    await user.click(within(dialog).getByRole('button', { name: 'Send my answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [path, { statement: answered.statement, messageIds: [], deliveryIds: [] }],
    ]);
  });
});
