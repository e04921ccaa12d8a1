import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_REDIRECT_SECONDS } from '@cutroom/contracts/limits';
import NotFoundPage from './not-found-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const countdown = () => screen.getByTestId('redirect-countdown').textContent;

describe('not-found page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down from 3 seconds, then goes home', () => {
    expect(NOT_FOUND_REDIRECT_SECONDS).toBe(3);
    const router = renderAt('/no/such/page');
    expect(countdown()).toContain('3 seconds');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toContain('2 seconds');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toContain('1 second...');
    expect(router.state.location.pathname).toBe('/no/such/page');
    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it("goes home at once with 'Go To Home Now'", () => {
    const router = renderAt('/typo');
    fireEvent.click(screen.getByRole('button', { name: 'Go To Home Now' }));
    expect(router.state.location.pathname).toBe('/');
    // The abandoned countdown must not navigate again later.
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
