import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { FormError } from './input';

afterEach(cleanup);

describe('FormError', () => {
  it("says the server's reason for a refused submit", () => {
    render(<FormError error={new ApiError(409, 'User already exists')} fallback="Registration failed" />);
    expect(screen.getByTestId('form-error').textContent).toBe('User already exists');
  });

  it("falls back to the form's own words for a server fault or a lost connection", () => {
    const { rerender } = render(
      <FormError error={new ApiError(500, 'stack trace here')} fallback="Registration failed" />,
    );
    expect(screen.getByTestId('form-error').textContent).toBe('Registration failed');
    rerender(<FormError error={new ApiError(0, 'Network error')} fallback="Registration failed" />);
    expect(screen.getByTestId('form-error').textContent).toBe('Registration failed');
  });

  it('shows nothing while there is no error', () => {
    render(<FormError error={null} fallback="Registration failed" />);
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});
