import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as show } from '../testing/render-with-providers';
import { Footer } from './layout/footer';
import { routes } from './router';

describe('policy pages', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('are linked from the footer and registered as lazy routes', () => {
    show(<Footer />);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Refund & Cancellation' }).getAttribute('href')).toBe(
      '/refund-policy',
    );
    const paths = routes[0]!.children!.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['privacy-policy', 'refund-policy']));
    for (const path of ['privacy-policy', 'refund-policy']) {
      expect(routes[0]!.children!.find((r) => r.path === path)?.lazy).toBeTypeOf('function');
    }
  });
});
