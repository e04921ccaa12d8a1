import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error';
import type { Storage } from '../../lib/storage';
import { parseRange } from '../media';

/**
 * Streams a private object after the caller has decided the viewer may have it: HTTP Range (so a
 * preview seeks and a download resumes), no shared caching, nosniff.
 */
export async function sendPrivateObject(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  opts: { disposition: string; cacheControl: string },
) {
  const info = await storage.stat('private', key);
  if (!info) throw notFound();
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', opts.cacheControl)
    .header('content-disposition', opts.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-type', info.contentType);
  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${info.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message: 'Requested range not satisfiable' });
  }
  reply.status(range ? 206 : 200).header('content-length', range ? range.end - range.start + 1 : info.size);
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  const object = await storage.get('private', key, range);
  if (!object) throw notFound();
  return reply.send(object.body);
}
