import { hydrate } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';

/** The JSON block a server-rendered page carries its query data in (JSON, not a script: the CSP allows no inline script). */
export const DEHYDRATED_STATE_ID = 'cutroom-state';

/**
 * Prepares the browser to take over a server-rendered page: the server's data goes into the query cache,
 * and the lazy route modules of this URL are loaded before the router starts, so its first render is the
 * page the server sent (not the loading fallback). Returns false when the page was not server-rendered.
 */
export async function prepareHydration(client: QueryClient, routes: RouteObject[]): Promise<boolean> {
  const block = document.getElementById(DEHYDRATED_STATE_ID);
  if (!block) return false;
  try {
    hydrate(client, JSON.parse(block.textContent ?? '{}'));
  } catch {
    /* a damaged block only costs a fetch */
  }
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return true;
}
