import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/** A reply as bytes: serialized once, and compressed once for the browsers that ask for gzip. */
export class CachedReply {
  private compressed?: Promise<Buffer>;
  constructor(readonly json: Buffer) {}
  gzipped(): Promise<Buffer> {
    return (this.compressed ??= gzipAsync(this.json));
  }
}

const toReply = (value: unknown) => new CachedReply(Buffer.from(JSON.stringify(value)));

/** Replies kept at most, in bytes of JSON: a few hundred list and search pages. */
const MAX_BYTES = 32 * 1024 * 1024;
/** The Socket.IO server-side event that tells the other instances to drop their copies. */
const CHANGED_EVENT = 'editorCatalogueChanged';

export interface EditorCatalogueCache {
  /**
   * A public list or search reply: from memory while the catalogue is unchanged, otherwise loaded once
   * however many requests ask for it at the same moment. Kept as bytes (and gzip), so a hit costs
   * neither serializing, encoding nor compressing 60 KB of text.
   */
  reply(key: string, load: () => Promise<unknown>): Promise<CachedReply>;
  /** Editors or portfolios changed: every instance stops serving what it kept. */
  changed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    editorCatalogue: EditorCatalogueCache;
  }
}

/**
 * The public editor list and its searches are read by every visitor and change only when an admin edits
 * an editor, so their serialized replies are kept in memory (DESIGN.md leaves caching open; the figures
 * are in docs/performance.md). Each change bumps a generation: a load that began before the change is
 * stored under the old generation, where no later request looks, so nobody is served a stale page after
 * the change returned. With Redis the change reaches the other instances through the Socket.IO adapter;
 * EDITOR_LIST_CACHE_SECONDS bounds anything else.
 */
export const editorCataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const ttl = app.config.EDITOR_LIST_CACHE_SECONDS * 1000;
    let generation = 0;
    const cache =
      ttl > 0
        ? new LRUCache<string, CachedReply, () => Promise<unknown>>({
            maxSize: MAX_BYTES,
            // JSON and, once asked for, its gzip (a tenth or so of it).
            sizeCalculation: (reply) => Math.ceil(reply.json.length * 1.1) || 1,
            ttl,
            // A request waiting on a load cleared by a change still gets that load's answer; it is just
            // not kept (it is filed under the old generation).
            ignoreFetchAbort: true,
            fetchMethod: async (_key, _stale, { context }) => toReply(await context()),
          })
        : null;

    const dropLocal = () => {
      generation += 1;
      cache?.clear();
    };
    app.io.on(CHANGED_EVENT, dropLocal);

    app.decorate<EditorCatalogueCache>('editorCatalogue', {
      async reply(key, load) {
        if (!cache) return toReply(await load());
        return (await cache.fetch(`${generation}:${key}`, { context: load }))!;
      },
      changed() {
        dropLocal();
        // The in-memory adapter of a single instance has no one to tell (and warns when asked).
        if (app.redis) app.io.serverSideEmit(CHANGED_EVENT);
      },
    });
  },
  { name: 'editor-catalogue', dependencies: ['realtime'] },
);
