import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage, StorageArea } from '../storage';
import { parseRange } from './range';

export interface ServeObjectOptions {
  area: StorageArea;
  key: string;
  /** The caller's caching rule: public and immutable for /media, private for deliveries. */
  cacheControl: string;
  /** `inline` unless the object is a download (`attachment; filename="…"`). */
  disposition?: string;
  /** ETag and Last-Modified, answering If-None-Match with 304: for objects whose bytes never change. */
  revalidate?: boolean;
}

/** Error replies are never cached: a 404 or 416 may be only a moment's truth (an upload not yet stored). */
function refuse(reply: FastifyReply, status: 404 | 416, message: string, contentRange?: string) {
  for (const name of ['content-disposition', 'etag', 'last-modified', 'content-length', 'content-range']) {
    reply.removeHeader(name);
  }
  if (contentRange) reply.header('content-range', contentRange);
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .send({ message });
}

/**
 * Streams a stored object, once the caller has decided the viewer may have it: HTTP Range (a video
 * seeks, a download resumes), HEAD without opening the object, and the same protective headers for every
 * area (nosniff, an explicit Content-Disposition), so public media and private deliveries cannot drift.
 */
export async function sendStoredObject(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: ServeObjectOptions,
) {
  const info = await storage.stat(opts.area, opts.key);
  if (!info) return refuse(reply, 404, 'Not found');
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', opts.cacheControl)
    .header('content-disposition', opts.disposition ?? 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('content-type', info.contentType);
  if (opts.revalidate) {
    const etag = `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
    reply.header('etag', etag).header('last-modified', info.lastModified.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  }

  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return refuse(reply, 416, 'Requested range not satisfiable', `bytes */${info.size}`);
  }
  reply.status(range ? 206 : 200).header('content-length', range ? range.end - range.start + 1 : info.size);
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  // An empty stream rather than no body: Fastify's derived HEAD of a GET route reports no body as length 0.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));

  const object = await storage.get(opts.area, opts.key, range);
  if (!object) return refuse(reply, 404, 'Not found');
  return reply.send(object.body);
}
