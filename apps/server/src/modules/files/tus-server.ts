import type { IncomingMessage } from 'node:http';
import { Server, type Upload } from '@tus/server';
import { HttpError } from '../../lib/http-error';
import type { UploadStore } from './tus-store';

/** What the routes decided about a creation before the tus server sees it: the id the upload gets. */
const decidedIds = new WeakMap<IncomingMessage, string>();

export function decideUploadId(raw: IncomingMessage, tusId: string): void {
  decidedIds.set(raw, tusId);
}

const nodeRequestOf = (req: Request) =>
  (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

export interface TusHooks {
  /** The last byte of an upload arrived (before the client is answered). */
  finished(upload: Upload): Promise<void>;
}

/**
 * The tus 1.0.0 server at /api/uploads (core, creation, termination, expiration). Who may create,
 * resume or cancel an upload is decided by the routes before a request reaches it; it only ever creates
 * an upload under the id the routes chose for that request, so a creation it was not told about fails.
 */
export function createTusServer(store: UploadStore, maxSize: number, hooks: TusHooks): Server {
  // Lengths are always announced (the limits are checked at creation): deferring one is refused, so it
  // is not advertised either.
  store.datastore.extensions = store.datastore.extensions.filter((e) => e !== 'creation-defer-length');
  return new Server({
    path: '/api/uploads',
    datastore: store.datastore,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin for anyone.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    maxSize,
    // The id is the last segment of the path alone (the routes have checked the path is exactly theirs).
    getFileIdFromRequest: (req) => {
      const id = new URL(req.url).pathname.split('/').pop() ?? '';
      return /^[0-9a-f]{48}$/.test(id) ? id : undefined;
    },
    namingFunction: (req) => {
      const raw = nodeRequestOf(req);
      const id = raw && decidedIds.get(raw);
      if (!id) throw { status_code: 403, body: 'Upload not authorised\n' };
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      await hooks.finished(upload);
      return {};
    },
    onResponseError: async (_req, err) =>
      err instanceof HttpError ? { status_code: err.statusCode, body: `${err.message}\n` } : undefined,
  });
}
