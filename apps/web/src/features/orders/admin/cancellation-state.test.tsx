import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anOrder } from '../../../testing/order-fixtures';
import { formatOrderDate } from '../utils/format';
import { CancellationState } from './cancellation-state';

describe("the admin order page's pending requests", () => {
  afterEach(cleanup);

  it('shows a pending request for more time: who, how many days, when, why and when it lapses', () => {
    const extension = {
      days: 3,
      reason: 'Waiting for the music licence',
      requestedAt: '2030-01-05T10:00:00.000Z',
      respondBy: '2030-01-07T10:00:00.000Z',
    };
    render(<CancellationState order={anOrder({ extension, actions: ['admin_cancel'] })} />);
    const box = screen.getByTestId('admin-order-extension');
    expect(box.textContent).toBe(
      `The editor asked for 3 more days on ${formatOrderDate(extension.requestedAt)}. ` +
        `The due date stays if the creator does not answer by ${formatOrderDate(extension.respondBy)}.` +
        '“Waiting for the music licence”',
    );
    // Read-only: the admin answers nothing here.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a pending proposal of a different amount: who, how much of what was paid, when, why, the refund and the lapse', () => {
    const settlement = {
      proposedBy: 'editor' as const,
      amount: 4000,
      reason: 'The second half needs a reshoot',
      proposedAt: '2030-01-05T10:00:00.000Z',
      respondBy: '2030-01-07T10:00:00.000Z',
    };
    const order = anOrder({ status: 'delivered', paid: true, settlement, actions: ['admin_cancel'] });
    render(<CancellationState order={order} />);
    const box = screen.getByTestId('admin-order-settlement');
    expect(box.textContent).toBe(
      `The editor proposed completing at ₹4,000 of the ₹6,999 paid on ${formatOrderDate(settlement.proposedAt)}. ` +
        'Accepted, ₹2,999 is refunded to the creator and the order completes; nothing changes if the creator ' +
        `does not answer by ${formatOrderDate(settlement.respondBy)}.` +
        '“The second half needs a reshoot”',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a proposal without a reason quotes nothing', () => {
    const settlement = {
      proposedBy: 'creator' as const,
      amount: 1500,
      reason: '',
      proposedAt: '2030-01-05T10:00:00.000Z',
      respondBy: '2030-01-07T10:00:00.000Z',
    };
    render(<CancellationState order={anOrder({ status: 'delivered', paid: true, settlement })} />);
    const box = screen.getByTestId('admin-order-settlement');
    expect(box.textContent).toContain('The creator proposed completing at ₹1,500 of the ₹6,999 paid');
    expect(box.textContent).toContain('if the editor does not answer');
    expect(box.textContent).not.toContain('“');
  });

  it('shows nothing for an order in progress with nothing pending', () => {
    const { container } = render(<CancellationState order={anOrder()} />);
    expect(container.textContent).toBe('');
  });
});
