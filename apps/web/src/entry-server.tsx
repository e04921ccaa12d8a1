import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { DEHYDRATED_STATE_ID } from './app/hydrate-state';
import { PageMetaContext, type PageMetaCollector } from './components/seo/page-meta';
import { renderPageHead, scriptSafeJson } from './app/page-head';
import { Providers } from './app/providers';
import type { RouteHandle } from './app/route-handle';
import { routes } from './app/router';
import { ApiError, setApiTransport } from './lib/api';
import { createQueryClient } from './lib/query-client';

export interface ServerRenderOptions {
  /** The page's absolute URL as the visitor asked for it. */
  url: string;
  /** The site's public origin, for canonical and preview URLs. */
  origin: string;
  /** How long the page may wait for its data before it is sent without (the browser then fetches it). */
  dataDeadlineMs?: number;
}

export type ServerRenderResult =
  /** A signed-in screen: the browser renders it. */
  | { kind: 'client' }
  | { kind: 'redirect'; status: number; location: string }
  /** `head` goes into <head>, `body` into the root element, `state` after it. */
  | { kind: 'page'; status: number; head: string; body: string; state: string };

/** Serves the API to the pages' queries without a network hop (set once by the server at start). */
export const setServerApiTransport = setApiTransport;

const handler = createStaticHandler(routes);

/** Queries the rendered page asked for and nobody has fetched yet (a disabled one waits for the browser). */
function unfetched(client: QueryClient, tried: Set<string>): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle' || tried.has(q.queryHash))
        return false;
      const { enabled } = q.options as { enabled?: boolean | ((query: Query) => boolean) };
      return typeof enabled === 'function' ? enabled(q) : enabled !== false;
    });
}

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** A data-dependent page needs at most three rounds: the page's data, what that reveals, and one more. */
const MAX_DATA_ROUNDS = 3;

/**
 * Renders a public page with its data. The page's own queries say what it needs: each round renders,
 * fetches what the render asked for (through the in-process transport), and renders again, so no page
 * keeps a second list of its data. What failed or did not arrive in time is left for the browser, so the
 * HTML and the dehydrated cache always describe the same state and hydration matches.
 */
export async function render(options: ServerRenderOptions): Promise<ServerRenderResult> {
  const request = new Request(options.url);
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const leaf = context.matches.at(-1)?.route;
  if (!leaf || !(leaf.handle as RouteHandle | undefined)?.serverRendered) return { kind: 'client' };

  const client = createQueryClient({ retry: false });
  const collector: PageMetaCollector = {};
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderApp = () =>
    renderToString(
      <StrictMode>
        <PageMetaContext.Provider value={collector}>
          <Providers client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </PageMetaContext.Provider>
      </StrictMode>,
    );

  const deadline = Date.now() + (options.dataDeadlineMs ?? 1500);
  const tried = new Set<string>();
  let missing = leaf.path === '*';
  let body = renderApp();
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    const wanted = unfetched(client, tried);
    const left = deadline - Date.now();
    if (!wanted.length || left <= 0) break;
    for (const q of wanted) tried.add(q.queryHash);
    await Promise.race([Promise.allSettled(wanted.map((q) => q.fetch())), timeout(left)]);
    for (const q of wanted) {
      if (q.state.error instanceof ApiError && q.state.error.status === 404) missing = true;
    }
    // A failed query is asked again by the browser: the HTML shows it loading, as the browser will.
    client.removeQueries({ predicate: (q) => q.state.status === 'error' });
    body = renderApp();
  }
  // Taken in the same tick as the last render, so a late reply cannot put data in one and not the other.
  const state = scriptSafeJson(dehydrate(client));
  client.clear();

  const url = new URL(options.url);
  const meta = collector.meta ?? { title: 'Cutroom', description: '' };
  return {
    kind: 'page',
    status: missing ? 404 : 200,
    head: renderPageHead(missing ? { ...meta, noIndex: true } : meta, options.origin, url.pathname),
    body,
    state: `<script type="application/json" id="${DEHYDRATED_STATE_ID}">${state}</script>`,
  };
}
