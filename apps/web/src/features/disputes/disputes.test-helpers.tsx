import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ChatMessage } from '@cutroom/contracts/chat';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { AdminDisputeRow, Dispute } from '@cutroom/contracts/disputes';
import { RealtimeContext, type AppSocket } from '../../lib/realtime';
import { anOrder } from '../../testing/order-fixtures';

// What the disputes feature's tests share: the API answered in memory (every call recorded), a dispute,
// a case row, messages and deliveries as the API returns them, and a screen with its providers.

export const ORDER_ID = '7b0c7c57-31f4-4b0e-9d5a-2a4f3c1d0e11';
export const ROOM_ID = 'r1';
export const DISPUTE_ID = 'd9f1c2a4-5b6e-4f70-8a91-b2c3d4e5f601';

/** Ids the API would give (the contracts check that cited ones are UUIDs): `uid(2)` is the second. */
export const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The order of anOrder(): paid ₹6,999 and delivered, with a dispute open on it. */
export const disputedOrder = (over: Parameters<typeof anOrder>[0] = {}) =>
  anOrder({
    status: 'delivered',
    paid: true,
    paidAt: '2030-01-02T10:00:00.000Z',
    disputeId: DISPUTE_ID,
    actions: ['review'],
    ...over,
  });

export function aDispute(over: Partial<Dispute> = {}): Dispute {
  return {
    _id: DISPUTE_ID,
    orderId: ORDER_ID,
    orderReference: 'CR-10482',
    roomId: ROOM_ID,
    openedBy: 'creator',
    reason: 'not_as_described',
    reasonLabel: 'Not as described',
    status: 'awaiting_response',
    statusLabel: 'Waiting for an answer',
    statement: 'The brief asked for a vertical cut and this is horizontal.',
    response: null,
    respondBy: '2030-01-07T10:00:00.000Z',
    escalatedAt: null,
    decision: null,
    closedAt: null,
    evidence: [
      {
        _id: 'ev1',
        side: 'creator',
        kind: 'message',
        summary: 'Creator: Please make it vertical',
        messageId: uid(2),
        deliveryId: null,
        file: null,
        createdAt: '2030-01-05T10:00:00.000Z',
      },
    ],
    createdAt: '2030-01-05T10:00:00.000Z',
    actions: [],
    ...over,
  };
}

export function anAdminRow(over: Partial<AdminDisputeRow> = {}): AdminDisputeRow {
  return {
    ...aDispute({ status: 'with_admins', statusLabel: 'With Cutroom support', actions: ['decide'] }),
    response: { statement: 'The brief said horizontal all along.', at: '2030-01-05T12:00:00.000Z' },
    escalatedAt: '2030-01-05T13:00:00.000Z',
    creator: 'creator-7f3a9c',
    editor: 'Asha Edits',
    orderTitle: 'Wedding teaser',
    paidAmount: 6999,
    overdue: false,
    ...over,
  };
}

export function aMessage(id: string, content: string, role: 'creator' | 'editor' | null): ChatMessage {
  return {
    _id: id,
    clientId: `c-${id}`,
    chatRoom: ROOM_ID,
    sender: role ? { _id: role === 'creator' ? 'c1' : 'e1', role } : null,
    content,
    kind: role ? 'text' : 'system',
    sentAt: '2030-01-04T10:00:00.000Z',
    read: true,
    readAt: null,
  };
}

export function aDelivery(id: string, number: number, orderId = ORDER_ID): Delivery {
  return {
    _id: id,
    roomId: ROOM_ID,
    number,
    tier: null,
    order: { _id: orderId, reference: 'CR-10482', title: 'Wedding teaser', status: 'delivered' },
    kind: 'video',
    sizeBytes: 1000,
    note: '',
    status: 'sent',
    changesNote: null,
    preview: { status: 'ready', error: null, url: null, posterUrl: null },
    amount: 6999,
    paid: true,
    paidAt: null,
    canDownload: false,
    createdAt: '2030-01-04T11:00:00.000Z',
    decidedAt: null,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Answers the API in memory: `routes` maps 'METHOD /path' (the path without /api and the query) to a
 * reply body, or to a function of the request giving one ([status, body] for a refusal). Unknown calls
 * answer 404. Returns every call made, in order.
 */
export function fakeApi(routes: Record<string, unknown | ((call: Call) => unknown)>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = {
      method,
      path: url.pathname.replace(/^\/api/, '') + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
    if (route === undefined) return json(404, { message: 'Not found' });
    const reply = typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route;
    return Array.isArray(reply) && typeof reply[0] === 'number' ? json(reply[0], reply[1]) : json(200, reply);
  });
  return calls;
}

/** A socket stand-in: handlers by event name; `emit` calls them as the server's event would. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    on: (name: string, fn: (...args: unknown[]) => void) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(fn);
      return socket;
    },
    off: (name: string, fn: (...args: unknown[]) => void) => {
      handlers.get(name)?.delete(fn);
      return socket;
    },
    emit: (name: string, ...args: unknown[]) => handlers.get(name)?.forEach((fn) => fn(...args)),
  };
  return socket;
}

/** Renders `ui` with a fresh query cache, a router (at `at`) and (optionally) the tab's socket. */
export function renderDisputes(ui: ReactNode, socket?: ReturnType<typeof fakeSocket>, at = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const connection = {
    socket: (socket ?? null) as unknown as AppSocket | null,
    state: 'connected' as const,
    connections: 1,
  };
  return render(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={connection}>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
}
