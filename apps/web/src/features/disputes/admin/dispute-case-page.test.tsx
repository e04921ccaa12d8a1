import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aDelivery,
  aMessage,
  anAdminRow,
  DISPUTE_ID,
  disputedOrder,
  fakeApi,
  ORDER_ID,
  renderDisputes,
  uid,
} from '../disputes.test-helpers';
import DisputeCasePage from './dispute-case-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

function show() {
  const row = anAdminRow({
    evidence: [
      ...anAdminRow().evidence,
      {
        _id: 'ev2',
        side: 'editor',
        kind: 'delivery',
        summary: 'Delivery #1 (video)',
        messageId: null,
        deliveryId: uid(11),
        file: null,
        createdAt: '2030-01-05T12:00:00.000Z',
      },
    ],
  });
  fakeApi({
    [`GET /admin/disputes/${DISPUTE_ID}`]: { data: row },
    [`GET /admin/orders/${ORDER_ID}`]: {
      data: disputedOrder(),
      events: [
        {
          _id: 'ev',
          type: 'dispute_opened',
          actor: 'creator',
          summary: 'Dispute opened (Not as described)',
          note: null,
          createdAt: '2030-01-05T10:00:00.000Z',
        },
      ],
    },
    'GET /chat/r1/messages': {
      data: [
        aMessage(uid(1), 'Hello there', 'editor'),
        aMessage(uid(2), 'Please make it vertical', 'creator'),
      ],
      hasMore: true,
    },
    'GET /chat/r1/deliveries': {
      data: [aDelivery(uid(11), 1), aDelivery(uid(12), 2, 'other')],
      hasMore: false,
    },
  });
  renderDisputes(
    <Routes>
      <Route path="/admin/disputes/:disputeId" element={<DisputeCasePage />} />
    </Routes>,
    undefined,
    `/admin/disputes/${DISPUTE_ID}`,
  );
}

describe('an admin’s case file', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('puts the statements, the evidence, the chat with cited messages marked, the deliveries and the order together', async () => {
    show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Wedding teaser');
    expect(screen.getByTestId('case-statement-opener').textContent).toContain(
      'The creator (creator-7f3a9c), who opened it',
    );
    expect(screen.getByTestId('case-statement-answer').textContent).toContain(
      'The brief said horizontal all along.',
    );
    const chat = screen.getByTestId('case-chat');
    const cited = await within(chat).findByText('Please make it vertical');
    expect(cited.closest('li')!.dataset.cited).toBe('true');
    expect(cited.closest('li')!.textContent).toContain('Cited by the creator');
    expect(within(chat).getByText('Hello there').closest('li')!.dataset.cited).toBeUndefined();
    expect(within(chat).getByRole('button', { name: 'Show earlier messages' })).toBeTruthy();
    const statements = screen.getByTestId('case-statements');
    expect(within(statements).getByRole('button', { name: 'Show in the chat' })).toBeTruthy();

    const deliveries = screen.getByTestId('case-deliveries');
    const items = await within(deliveries).findAllByRole('listitem');
    expect(items.map((li) => [li.dataset.cited, li.textContent?.includes('Cited by the editor')])).toEqual([
      ['true', true],
    ]);
    expect(await screen.findByText('Dispute opened (Not as described)')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Decision' })).toBeTruthy();
  });
});
