import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { freePort, spawnServer, type NodeProcess } from './lib/processes';
import { REPO_ROOT } from './lib/paths';

/**
 * A creator opening a shared link on a phone: Debian's Chromium at 390×844 on slow 4G (150 ms round trip,
 * 1.6 Mbps down, 750 kbps up) with the CPU slowed 4×, a cold cache each time. The limit is the same page
 * saved as static HTML (the server's HTML without its scripts, served with the same CSS and images through
 * the same server); the client-rendered app (the plain index.html, as before server rendering) is shown
 * beside it.
 */
const PHONE = { width: 390, height: 844 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const LCP_TARGET_MS = 1200;
const REQUESTS_TARGET = 6;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

type Variant = 'server-rendered' | 'static HTML' | 'client-rendered';

interface Visit {
  lcpMs: number;
  fcpMs: number;
  /** The document and every request that started before the largest paint. */
  requestsBeforeLcp: number;
  requestsTotal: number;
}

/** Collects paint timings from the first byte on; read once the page has settled. */
const OBSERVE_PAINTS = `
  window.__paints = { lcp: 0, fcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__paints.lcp = e.startTime;
      window.__paints.el = e.element ? e.element.tagName + ' ' + (e.element.textContent || e.url || '').slice(0, 60) : e.url;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__paints.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(OBSERVE_PAINTS);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Late content (the client-rendered app's data) paints after load: wait for the network to settle.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(500);
    if (process.env.BENCH_DEBUG) {
      console.log(
        `    ${url}\n` +
          (await page.evaluate(() => {
            const paints = (window as unknown as { __paints: { lcp: number; el?: string } }).__paints;
            return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .map((r) => `      ${Math.round(r.startTime)}→${Math.round(r.responseEnd)} ${r.name}`)
              .concat(`      LCP ${Math.round(paints.lcp)} ${paints.el ?? ''}`)
              .join('\n');
          })),
      );
    }
    return await page.evaluate(() => {
      const paints = (window as unknown as { __paints: { lcp: number; fcp: number } }).__paints;
      const resources = performance.getEntriesByType('resource');
      return {
        lcpMs: paints.lcp,
        fcpMs: paints.fcp,
        requestsBeforeLcp: 1 + resources.filter((r) => r.startTime < paints.lcp).length,
        requestsTotal: 1 + resources.length,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * A baseline's server: each page path answered with `pageFor(path)` (the saved static page, or the plain
 * index.html), everything else (CSS, scripts, images, the API) passed through to the real server, so every
 * variant loads the same files at the same addresses over the same kind of connection.
 */
async function baselineServer(app: NodeProcess, pageFor: (path: string) => string | undefined) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const page = pageFor(req.url ?? '/');
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(page);
      return;
    }
    const upstream = http.request(
      `${app.url}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(app.url).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/** The server's HTML for a page, as a browser without JavaScript would keep it: no scripts, no preloads. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, '');
}

export const pageSpeed: Benchmark = {
  name: 'page-speed',
  summary: 'largest paint and requests before it on a throttled phone: server-rendered vs static HTML',
  async run(ctx: BenchContext) {
    const { report, smoke, tmp } = ctx;
    if (
      !existsSync(path.join(WEB_DIST, 'index.html')) ||
      !existsSync(path.join(REPO_ROOT, 'apps/web/dist-ssr'))
    ) {
      report.note('building the web app (npm run build)');
      execFileSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    }
    // The demo editors: real sample images and posters, as a visitor would see them.
    const app = await spawnServer({
      dataDir: path.join(tmp, 'data'),
      env: { WEB_DIST, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const editors = (await (await fetch(`${app.url}/api/users/editors?limit=1`)).json()) as {
        data: { _id: string }[];
      };
      const editorId = editors.data[0]?._id;
      if (!editorId) throw new Error('the demo seed added no editors');
      const pages = ['/', '/portfolio', `/portfolio/${editorId}`];

      const saved = new Map<string, string>();
      for (const p of pages) saved.set(p, withoutScripts(await (await fetch(app.url + p)).text()));
      const indexHtml = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
      const staticSite = await baselineServer(app, (p) => saved.get(p));
      const clientSite = await baselineServer(app, (p) => (pages.includes(p) ? indexHtml : undefined));
      const runs = smoke ? 1 : Number(process.env.BENCH_RUNS ?? 5);
      report.note(
        `Chromium ${browser.version()}, ${PHONE.width}×${PHONE.height}, ${NETWORK.latency} ms RTT, 1.6 Mbps down, ` +
          `${CPU_SLOWDOWN}× CPU slowdown, cold cache; median of ${runs} loads per page and variant`,
      );
      try {
        for (const p of pages) {
          const label = p.startsWith('/portfolio/') ? '/portfolio/{id}' : p;
          report.section(label);
          const variants: Record<Variant, string> = {
            'server-rendered': app.url + p,
            'static HTML': staticSite.url + p,
            'client-rendered': clientSite.url + p,
          };
          const results = {} as Record<Variant, Visit>;
          for (const [variant, url] of Object.entries(variants) as [Variant, string][]) {
            const visits: Visit[] = [];
            // Interleaved would be fairer under drifting load; the runs are short and back to back.
            for (let i = 0; i < runs; i++) visits.push(await visit(browser, url));
            results[variant] = {
              lcpMs: median(visits.map((v) => v.lcpMs)),
              fcpMs: median(visits.map((v) => v.fcpMs)),
              requestsBeforeLcp: median(visits.map((v) => v.requestsBeforeLcp)),
              requestsTotal: median(visits.map((v) => v.requestsTotal)),
            };
          }
          const ours = results['server-rendered'];
          const limit = results['static HTML'];
          const before = results['client-rendered'];
          report.figure(
            `${label} static HTML: largest paint`,
            limit.lcpMs,
            'ms',
            `${limit.requestsBeforeLcp} requests before it`,
          );
          report.figure(
            `${label} client-rendered: largest paint`,
            before.lcpMs,
            'ms',
            `${before.requestsBeforeLcp} requests before it, ${before.requestsTotal} in all`,
          );
          report.figure(`${label} server-rendered: first paint`, ours.fcpMs, 'ms');
          report.ratio(`${label} largest paint vs static HTML`, ours.lcpMs, limit.lcpMs, 'ms');
          report.target(`${label} largest paint`, ours.lcpMs, 'ms', { atMost: LCP_TARGET_MS });
          report.target(`${label} requests before largest paint`, ours.requestsBeforeLcp, 'requests', {
            atMost: REQUESTS_TARGET,
          });
          report.figure(`${label} requests in all (server-rendered)`, ours.requestsTotal, 'requests');
        }
      } finally {
        await Promise.all([staticSite.close(), clientSite.close()]);
      }
    } finally {
      await browser.close();
      await app.stop();
    }
  },
};
