import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { OrderListReply } from '@cutroom/contracts/orders';
import type { User } from '@cutroom/contracts/roles';
import { orderKeys } from '../../orders';
import { deliveryApi } from '../api/delivery-api';
import { DeliveryPanel } from './delivery-panel';

const room: ChatRoom = {
  _id: 'r1',
  creator: { _id: 'c1', username: 'creator-7f3a9c' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  isFrozen: false,
  isEnded: false,
  status: 'Active',
  lastMessage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const delivery = (n: number, status: Delivery['status']): Delivery => ({
  _id: `d${n}`,
  roomId: 'r1',
  number: n,
  tier: 'pro',
  order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser', status: 'delivered' },
  kind: 'image',
  sizeBytes: 1000,
  note: `Cut ${n}`,
  status,
  changesNote: status === 'changes_requested' ? `Fix cut ${n}` : null,
  preview: { status: 'ready', error: null, url: `/api/deliveries/d${n}/preview?t=x`, posterUrl: null },
  amount: 4999,
  paid: false,
  paidAt: null,
  canDownload: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
});

async function show(list: Delivery[], me: User) {
  vi.spyOn(deliveryApi, 'list').mockResolvedValue({ data: list, hasMore: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<OrderListReply>(orderKeys.room('r1'), { data: [] });
  render(
    <QueryClientProvider client={client}>
      <DeliveryPanel room={room} me={me} socket={null} />
    </QueryClientProvider>,
  );
  await screen.findByRole('article', { name: `Delivery ${list[0]!.number}` });
}

const creator = { _id: 'c1', role: 'creator', username: 'creator-7f3a9c' } as User;
const card = (n: number) => screen.getByRole('article', { name: `Delivery ${n}` });
const toggle = (n: number) => within(card(n)).getByRole('button', { name: new RegExp(`^Delivery #${n}`) });

describe('the deliveries panel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens only the newest delivery; older ones are a line each that opens on click', async () => {
    await show(
      [delivery(3, 'sent'), delivery(2, 'changes_requested'), delivery(1, 'changes_requested')],
      creator,
    );
    expect(toggle(3).getAttribute('aria-expanded')).toBe('true');
    expect(within(card(3)).getByRole('img')).toBeTruthy();
    for (const n of [1, 2]) {
      expect(toggle(n).getAttribute('aria-expanded')).toBe('false');
      // The line says what it is: number, order, status.
      expect(toggle(n).textContent).toContain('CR-10482');
      expect(toggle(n).textContent).toContain('Changes requested');
      expect(within(card(n)).queryByRole('img')).toBeNull();
      expect(card(n).getAttribute('data-status')).toBe('changes_requested');
    }

    await userEvent.click(toggle(1));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    expect(card(1).textContent).toContain('Fix cut 1');
    expect(document.getElementById(toggle(1).getAttribute('aria-controls')!)?.hidden).toBe(false);
    await userEvent.click(toggle(3));
    expect(toggle(3).getAttribute('aria-expanded')).toBe('false');
    expect(within(card(3)).queryByRole('img')).toBeNull();
  });

  it('keeps a delivery waiting for the creator’s decision open, wherever it is', async () => {
    const other = { ...delivery(1, 'sent'), order: { ...delivery(1, 'sent').order, _id: 'o2' } };
    await show([delivery(2, 'approved'), other], creator);
    expect(toggle(2).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    expect(within(card(1)).getByRole('button', { name: /Approve/ })).toBeTruthy();
  });
});
