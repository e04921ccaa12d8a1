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

  it('shows nothing for an order in progress with nothing pending', () => {
    const { container } = render(<CancellationState order={anOrder()} />);
    expect(container.textContent).toBe('');
  });
});
