import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What the web app's server bundle (apps/web/src/entry-server.tsx, built into dist-ssr) exports. */
interface ServerRenderModule {
  setServerApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  render(options: {
    url: string;
    origin: string;
    dataDeadlineMs?: number;
  }): Promise<
    | { kind: 'client' }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; head: string; body: string; state: string }
  >;
}

export type ServerRenderReply =
  | { kind: 'client' }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string };

const ROOT_ELEMENT = '<div id="root"></div>';
/** The built page's default title and description, replaced by each rendered page's own. */
const DEFAULT_HEAD = [/<title>[\s\S]*?<\/title>\s*/, /<meta\s+name="description"[\s\S]*?\/>\s*/];

/**
 * Loads the server-rendering bundle beside the built web app, or returns null (not built: every page is
 * rendered in the browser, as before). Each page's API reads go through app.inject with the visitor's
 * address, so rate limits and logs see the visitor, never a shared server address.
 */
export async function loadServerRenderer(app: FastifyInstance, webDist: string) {
  const entry = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn(`server rendering bundle not built at ${entry}: public pages render in the browser`);
    return null;
  }
  const ssr = (await import(pathToFileURL(entry).href)) as ServerRenderModule;
  const visitor = new AsyncLocalStorage<string>();
  ssr.setServerApiTransport(async (url, init) => {
    const reply = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
      remoteAddress: visitor.getStore(),
    });
    return new Response(reply.rawPayload.length ? new Uint8Array(reply.rawPayload) : null, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  });

  const origin = app.config.PUBLIC_URL;

  return async function renderPage(
    pathAndQuery: string,
    visitorIp: string,
    indexHtml: string,
  ): Promise<ServerRenderReply> {
    // Joined, not resolved: a request for //other.host/x stays a path on this site.
    const result = await visitor.run(visitorIp, () =>
      ssr.render({ url: new URL(origin + pathAndQuery).href, origin }),
    );
    if (result.kind !== 'page') return result;
    const { beforeRoot, headEnd, afterRoot } = splitTemplate(inlineStylesheets(indexHtml, webDist));
    const scripts = beforeRoot.match(SCRIPT_TAGS) ?? [];
    const head = beforeRoot.slice(0, headEnd).replace(SCRIPT_TAGS, '');
    const html =
      `${head}  ${result.head}\n  ${beforeRoot.slice(headEnd)}` +
      `<div id="root">${result.body}</div>${result.state}\n    ${scripts.join('\n    ')}${afterRoot}`;
    return { kind: 'page', status: result.status, html };
  };
}

/**
 * The app's script and module preloads, moved from the head to the end of a server-rendered page: the page
 * is readable without them, and asked for at the top they shared a phone's slow line with the HTML itself,
 * which then arrived (and painted) later. Module scripts run after parsing either way.
 */
const SCRIPT_TAGS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
const stylesheets = new Map<string, string>();

/**
 * The app's one stylesheet, inlined into a server-rendered page: on a phone's first visit the page can paint
 * as soon as its HTML arrives, instead of after one more round trip (and sharing the line with the scripts).
 * Hashed file names never change content, so each is read once. `</style` cannot occur in Tailwind's output,
 * and the CSP allows inline styles.
 */
function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(STYLESHEET_LINK, (_link, file: string) => {
    let css = stylesheets.get(file);
    if (css === undefined) {
      css = readFileSync(path.join(webDist, file), 'utf8');
      stylesheets.set(file, css);
    }
    return `<style>${css}</style>`;
  });
}

/** The built page around its root element, without the default title and description. */
function splitTemplate(indexHtml: string) {
  let template = indexHtml;
  for (const pattern of DEFAULT_HEAD) template = template.replace(pattern, '');
  const [beforeRoot = '', afterRoot] = template.split(ROOT_ELEMENT);
  const headEnd = beforeRoot.indexOf('</head>');
  if (afterRoot === undefined || headEnd < 0) throw new Error('index.html has no root element or head');
  return { beforeRoot, headEnd, afterRoot };
}

/**
 * index.html as it is now: read again when a new build replaces it, so a rebuild under a running server
 * never hands out a page naming scripts that no longer exist.
 */
export function builtIndexHtml(webDist: string): () => string {
  const file = path.join(webDist, 'index.html');
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}
