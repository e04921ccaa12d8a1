import { describe, expect, it } from 'vitest';
import { orderActions, type OrderRuleState } from './rules';
import type { OrderStatus } from './statuses';

const NOW = new Date('2030-01-10T10:00:00Z');

const order = (over: Partial<OrderRuleState> = {}): OrderRuleState => ({
  status: 'in_progress',
  paid: true,
  dueAt: '2030-01-12T10:00:00Z',
  offerExpiresAt: null,
  cancellationRequestedBy: null,
  extraRevisionRequested: false,
  extensionRequested: false,
  ...over,
});

const EXTENSION_ACTIONS = [
  'request_extension',
  'accept_extension',
  'decline_extension',
  'withdraw_extension',
];
const extensionActions = (o: OrderRuleState, viewer: Parameters<typeof orderActions>[1]) =>
  orderActions(o, viewer, NOW).filter((a) => EXTENSION_ACTIONS.includes(a));

describe('more time on an order', () => {
  it('the editor may ask while the order is in progress, late or not, and the creator may not', () => {
    expect(extensionActions(order(), 'editor')).toEqual(['request_extension']);
    expect(extensionActions(order({ dueAt: '2030-01-01T00:00:00Z' }), 'editor')).toEqual([
      'request_extension',
    ]);
    expect(extensionActions(order(), 'creator')).toEqual([]);
  });

  it('while a request waits, the creator answers it and the editor may only take it back', () => {
    const pending = order({ extensionRequested: true });
    expect(extensionActions(pending, 'creator')).toEqual(['accept_extension', 'decline_extension']);
    expect(extensionActions(pending, 'editor')).toEqual(['withdraw_extension']);
  });

  it.each<OrderStatus>([
    'offered',
    'awaiting_payment',
    'delivered',
    'changes_requested',
    'completed',
    'cancelled',
  ])('no due date runs in %s, so nobody acts on more time', (status) => {
    for (const extensionRequested of [false, true]) {
      const o = order({ status, extensionRequested });
      expect(extensionActions(o, 'editor')).toEqual([]);
      expect(extensionActions(o, 'creator')).toEqual([]);
    }
  });

  it('admins and strangers never act on it', () => {
    const pending = order({ extensionRequested: true });
    expect(extensionActions(pending, 'admin')).toEqual([]);
    expect(orderActions(pending, 'other', NOW)).toEqual([]);
  });

  it('a pending request leaves the other steps of the order as they were', () => {
    const late = order({ dueAt: '2030-01-01T00:00:00Z' });
    const withRequest = { ...late, extensionRequested: true };
    const others = (o: OrderRuleState, v: 'creator' | 'editor') =>
      orderActions(o, v, NOW).filter((a) => !EXTENSION_ACTIONS.includes(a));
    expect(others(withRequest, 'creator')).toEqual(others(late, 'creator'));
    expect(others(withRequest, 'editor')).toEqual(others(late, 'editor'));
    expect(others(late, 'creator')).toContain('cancel');
  });
});
