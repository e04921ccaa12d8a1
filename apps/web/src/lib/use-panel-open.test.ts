import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePanelOpen } from './use-panel-open';

// jsdom has no matchMedia: the hook sees a phone.
describe('usePanelOpen on a phone', () => {
  it('opens when something waits for the member and stays open once it no longer does', () => {
    const { result, rerender } = renderHook(({ waiting }) => usePanelOpen(waiting), {
      initialProps: { waiting: false },
    });
    expect(result.current[0]).toBe(false);
    rerender({ waiting: true });
    expect(result.current[0]).toBe(true);
    // The offer was accepted: nothing waits any more, but the card just acted on stays in view.
    rerender({ waiting: false });
    expect(result.current[0]).toBe(true);
  });

  it("keeps the member's own choice", () => {
    const { result, rerender } = renderHook(({ waiting }) => usePanelOpen(waiting), {
      initialProps: { waiting: true },
    });
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    rerender({ waiting: true });
    expect(result.current[0]).toBe(false);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
  });
});
