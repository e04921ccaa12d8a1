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
  settlementProposedBy: null,
  disputed: false,
  disputableUntil: null,
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

const SETTLEMENT_ACTIONS = [
  'propose_settlement',
  'accept_settlement',
  'decline_settlement',
  'withdraw_settlement',
];
const settlementActions = (o: OrderRuleState, viewer: Parameters<typeof orderActions>[1]) =>
  orderActions(o, viewer, NOW).filter((a) => SETTLEMENT_ACTIONS.includes(a));

describe('settling for a different amount', () => {
  it.each<OrderStatus>(['delivered', 'changes_requested'])(
    'either side may propose on a paid order that is %s',
    (status) => {
      expect(settlementActions(order({ status }), 'creator')).toEqual(['propose_settlement']);
      expect(settlementActions(order({ status }), 'editor')).toEqual(['propose_settlement']);
    },
  );

  it('the proposer may withdraw, the other side accepts or declines', () => {
    const byEditor = order({ status: 'delivered', settlementProposedBy: 'editor' });
    expect(settlementActions(byEditor, 'editor')).toEqual(['withdraw_settlement']);
    expect(settlementActions(byEditor, 'creator')).toEqual(['accept_settlement', 'decline_settlement']);
  });

  it('an unpaid order, or one not delivered yet or closed, cannot be settled', () => {
    expect(settlementActions(order({ status: 'delivered', paid: false }), 'creator')).toEqual([]);
    for (const status of ['in_progress', 'awaiting_payment', 'completed', 'cancelled'] as const) {
      expect(settlementActions(order({ status, settlementProposedBy: 'creator' }), 'editor')).toEqual([]);
    }
    expect(settlementActions(order({ status: 'delivered' }), 'admin')).toEqual([]);
  });
});
