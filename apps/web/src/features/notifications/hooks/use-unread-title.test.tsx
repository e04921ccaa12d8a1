import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUnreadTitle } from './use-unread-title';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('useUnreadTitle', () => {
  beforeEach(() => {
    document.title = 'Cutroom — hire verified video editors';
  });
  afterEach(cleanup);

  it('puts the count in front of the title while there is one, and restores the title at 0', () => {
    const { rerender } = renderHook(({ n }) => useUnreadTitle(n), { initialProps: { n: 0 } });
    expect(document.title).toBe('Cutroom — hire verified video editors');
    rerender({ n: 3 });
    expect(document.title).toBe('(3) Cutroom — hire verified video editors');
    rerender({ n: 12 });
    expect(document.title).toBe('(12) Cutroom — hire verified video editors');
    rerender({ n: 0 });
    expect(document.title).toBe('Cutroom — hire verified video editors');
  });

  it("keeps a page's own title, with the count in front, when the page sets it", async () => {
    renderHook(() => useUnreadTitle(2));
    document.title = 'Orders · Cutroom';
    await settle();
    expect(document.title).toBe('(2) Orders · Cutroom');
  });

  it('takes the count away when it unmounts (signed out)', () => {
    const { unmount } = renderHook(() => useUnreadTitle(5));
    expect(document.title).toBe('(5) Cutroom — hire verified video editors');
    unmount();
    expect(document.title).toBe('Cutroom — hire verified video editors');
  });
});
