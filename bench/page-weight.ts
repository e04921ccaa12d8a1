import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { kb } from './lib/format';
import { REPO_ROOT } from './lib/paths';

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const OUT_DIR = path.join(tmpdir(), 'web-bench');
const BUDGET_HOME = 150 * 1024;

/** Pages a visitor opens without signing in, and the route module each one lazily loads. */
const PUBLIC_PAGES = [
  { path: '/', module: 'src/features/pages/home-page.tsx', budget: BUDGET_HOME },
  { path: '/portfolio', module: 'src/features/portfolio/portfolio-list-page.tsx' },
];

/**
 * Code that must never reach a public page: the realtime client, anything of the admin area, and the
 * chat screen itself. (The portfolio card's "Start Chat with Editor" button lives in features/chat and
 * only posts to /api/chat/initiate: it is listed, not refused.)
 */
const FORBIDDEN = [
  { what: 'socket.io-client', test: (id: string) => id.includes('/node_modules/socket.io-client/') },
  { what: 'engine.io-client', test: (id: string) => id.includes('/node_modules/engine.io-client/') },
  { what: 'admin feature', test: (id: string) => id.includes('/src/features/admin/') },
  {
    what: 'chat screen',
    test: (id: string, chatScreen: Set<string>) => chatScreen.has(id),
  },
];

interface ChunkInfo {
  file: string;
  imports: string[];
  css: string[];
  moduleIds: string[];
  /** Bytes each module contributes to the chunk (after tree-shaking and minification). */
  rendered: Record<string, number>;
  facade?: string;
  isEntry: boolean;
}

/** Builds the web app for production with the project's own config and records each chunk's graph. */
async function buildWeb(): Promise<Map<string, ChunkInfo>> {
  const chunks = new Map<string, ChunkInfo>();
  const recorder: Plugin = {
    name: 'bench-record-chunks',
    // After every plugin has had its say: the HTML plugin drops the empty entry facade.
    writeBundle(_options, bundle) {
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        const meta = (out as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
        chunks.set(file, {
          file,
          imports: out.imports,
          css: [...(meta?.importedCss ?? [])],
          moduleIds: out.moduleIds,
          rendered: Object.fromEntries(
            Object.entries(out.modules).map(([id, m]) => [
              id,
              (m as { renderedLength: number }).renderedLength,
            ]),
          ),
          facade: out.facadeModuleId ?? undefined,
          isEntry: out.isEntry,
        });
      }
    },
  };
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true },
    plugins: [recorder],
  });
  return chunks;
}

/** A chunk with everything it imports statically, recursively (what the browser fetches before running it). */
function closure(chunks: Map<string, ChunkInfo>, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = chunks.get(start);
  if (!chunk) throw new Error(`chunk ${start} is not in the build`);
  for (const css of chunk.css) into.add(css);
  for (const dep of chunk.imports) closure(chunks, dep, into);
  return into;
}

/** Groups a chunk's modules by npm package (or "app" for our own code) to show what makes it heavy. */
function composition(chunk: ChunkInfo): { owner: string; bytes: number }[] {
  const byOwner = new Map<string, number>();
  for (const [id, bytes] of Object.entries(chunk.rendered)) {
    const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const owner = pkg ?? (id.includes('/packages/contracts/') ? '@cutroom/contracts' : 'apps/web (own code)');
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytes);
  }
  return [...byOwner.entries()].map(([owner, bytes]) => ({ owner, bytes })).sort((a, b) => b.bytes - a.bytes);
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(OUT_DIR, file))).length;
const rawSize = (file: string) => readFileSync(path.join(OUT_DIR, file)).length;

/** The files index.html itself references (entry script, modulepreload links, stylesheets). */
function htmlReferences(): Set<string> {
  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return new Set(refs);
}

const routeChunk = (chunks: Map<string, ChunkInfo>, module: string) =>
  [...chunks.values()].find((c) => c.facade === path.join(WEB_ROOT, module));

async function measure(ctx: BenchContext) {
  const started = Date.now();
  const chunks = await buildWeb();
  ctx.report.note(`production build of apps/web in ${Date.now() - started} ms → ${OUT_DIR}`);

  const allFiles = new Set<string>();
  for (const c of chunks.values()) {
    allFiles.add(c.file);
    for (const css of c.css) allFiles.add(css);
  }
  const total = [...allFiles].reduce((sum, f) => sum + gzipSize(f), 0);
  ctx.report.figure('whole build, JS + CSS gzipped (baseline)', total / 1024, 'KB', `${allFiles.size} files`);

  // The page's scripts, as index.html names them: the bundler's runtime and the app's first chunk (the
  // entry module itself sits in that chunk, grouped with everything it imports; see vite.config.ts).
  const scripts = [
    ...readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8').matchAll(
      /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g,
    ),
  ].map((m) => chunks.get(m[1]!));
  if (!scripts.length || scripts.some((c) => !c)) throw new Error('index.html names no script of the build');
  const entry = scripts.reduce((a, b) => (rawSize(b!.file) > rawSize(a!.file) ? b : a))!;
  const entrySet = new Set<string>();
  for (const script of scripts) closure(chunks, script!.file, entrySet);
  const html = htmlReferences();
  ctx.report.check(
    'index.html preloads exactly the entry and its static imports',
    [...entrySet].every((f) => html.has(f)) && [...html].every((f) => entrySet.has(f)),
    `computed ${entrySet.size} files, index.html references ${html.size}`,
  );
  const parts = composition(entry);
  const entryRendered = parts.reduce((sum, p) => sum + p.bytes, 0);
  ctx.report.note(`entry chunk ${entry.file} by package (share of its minified size):`);
  for (const p of parts.slice(0, 8)) {
    ctx.report.note(`  ${((p.bytes / entryRendered) * 100).toFixed(1).padStart(5)} %  ${p.owner}`);
  }

  // The chat screen: the /chat route's own chunk (what only the chat screen uses; modules it shares
  // with other pages, like the REST helpers behind "Start Chat with Editor", sit in shared chunks).
  const chat = routeChunk(chunks, 'src/features/chat/chat-page.tsx');
  const chatScreen = new Set(chat?.moduleIds ?? []);
  ctx.report.note(`the chat screen's own chunk: ${chat?.file ?? '(none)'}, ${chatScreen.size} modules`);
  // The refusals below mean something only if what they look for exists in the build.
  const realtime = [...chunks.values()].filter((c) =>
    c.moduleIds.some((id) => id.includes('/socket.io-client/')),
  );
  ctx.report.check(
    'the build has a chat screen and the realtime client to keep off public pages',
    chatScreen.size > 0 && realtime.length > 0,
    `socket.io-client in ${realtime.map((c) => c.file).join(', ') || 'no chunk'}`,
  );

  for (const page of PUBLIC_PAGES) {
    const route = routeChunk(chunks, page.module);
    if (!route) throw new Error(`no chunk for ${page.module}: is it still lazily loaded by the router?`);
    const loaded = closure(chunks, route.file, new Set(entrySet));
    const files = [...loaded].map((f) => ({ f, gz: gzipSize(f), raw: rawSize(f) }));
    const js = files.filter((x) => x.f.endsWith('.js')).reduce((s, x) => s + x.gz, 0);
    const css = files.filter((x) => x.f.endsWith('.css')).reduce((s, x) => s + x.gz, 0);
    const raw = files.reduce((s, x) => s + x.raw, 0);
    ctx.report.section(`${page.path}: ${files.length} files before usable`);
    for (const x of files.sort((a, b) => b.gz - a.gz)) {
      const chunk = chunks.get(x.f);
      // What a shared chunk holds (the entry's make-up is shown above).
      const holds = chunk && chunk !== entry && x.gz >= 2048 ? composition(chunk).slice(0, 3) : [];
      ctx.report.note(
        `  ${kb(x.gz).padStart(9)} gz  ${x.f}${holds.length ? `  (${holds.map((p) => p.owner).join(', ')})` : ''}`,
      );
    }
    ctx.report.figure(`${page.path} JS gzipped`, js / 1024, 'KB');
    ctx.report.figure(`${page.path} CSS gzipped`, css / 1024, 'KB', `uncompressed JS + CSS ${kb(raw)}`);
    ctx.report.ratio(`${page.path} JS + CSS gzipped`, (js + css) / 1024, total / 1024, 'KB');
    if (page.budget) {
      ctx.report.target(`${page.path} JS + CSS gzipped`, (js + css) / 1024, 'KB', {
        atMost: page.budget / 1024,
      });
    }
    const leaks: string[] = [];
    const chatParts: string[] = [];
    for (const file of loaded) {
      for (const id of chunks.get(file)?.moduleIds ?? []) {
        const hit = FORBIDDEN.find((f) => f.test(id, chatScreen));
        if (hit) leaks.push(`${hit.what}: ${path.relative(REPO_ROOT, id)} in ${file}`);
        else if (id.includes('/src/features/chat/')) chatParts.push(path.relative(WEB_ROOT, id));
      }
    }
    if (chatParts.length)
      ctx.report.note(`chat-feature modules on ${page.path} (allowed): ${chatParts.join(', ')}`);
    ctx.report.check(
      `${page.path} loads no chat screen or admin code`,
      leaks.length === 0,
      leaks.length
        ? leaks.slice(0, 8).join('; ')
        : 'none of socket.io-client, engine.io-client, the chat screen, features/admin',
    );
  }
}

export const pageWeight: Benchmark = {
  name: 'page-weight',
  summary: 'JS + CSS that / and /portfolio load before usable, gzipped, vs. the whole build',
  run: measure,
};
