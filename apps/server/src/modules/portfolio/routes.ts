import fastifyMultipart from '@fastify/multipart';
import { refreshTrackRecord } from './catalogue-fields';
import { portfolioDemoStep } from './demo-seed';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PORTFOLIO_MESSAGES,
  REVIEW_MESSAGES,
  editorVerifiedInputSchema,
  adminEditorDetailReplySchema,
  adminEditorListPageSchema,
  adminEditorListQuerySchema,
  deleteSampleInputSchema,
  editorDetailReplySchema,
  editorListPageSchema,
  editorNameInputSchema,
  editorPhotoReplySchema,
  editorRenamedReplySchema,
  editorVerifiedReplySchema,
  errorReplies,
  messageReplySchema,
  portfolioSavedReplySchema,
  samplesUploadedReplySchema,
  editorListQuerySchema,
  editorSearchQuerySchema,
  searchWords,
  type EditorFilters,
  portfolioStructureInputSchema,
} from '@cutroom/contracts';
import { requireRole } from '../../plugins/current-user';
import {
  getEditor,
  getEditorForAdmin,
  listEditors,
  listEditorsForAdmin,
  renameEditor,
  requireLiveEditor,
  setEditorVerified,
  softDeleteEditor,
} from './editors-service';
import { removeEditorPhoto, saveEditorPhoto } from './editor-photo';
import { mediaProcessor } from './media-processing';
import { SAMPLE_POSTER_JOB, samplePosterJob } from './poster-job';
import { deleteSample, saveStructure, type PortfolioContext } from './samples-service';
import { MULTIPART_LIMITS, receiveSamples } from './upload-samples';
import { disconnectRevokedSockets } from '../auth';

const JSON_TYPE = 'application/json; charset=utf-8';
/** gzip listed in Accept-Encoding, and not refused with q=0. */
const acceptsGzip = (header: string | undefined) =>
  !!header && /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+\s*)?(,|$)/i.test(header);
/** The public list and search answer everyone alike: no session lookup (plugins/current-user). */
const anonymous = { anonymous: true };
const idParams = z.object({ id: z.string().max(64) });
const adminOnly = requireRole('admin');

// What each route answers (besides the error handler's `{ message }` on a 4xx).
// The public list and search send the catalogue cache's JSON bytes (already serialized, so their schema
// documents the reply and is not applied when sending it; test/response-schemas.test.ts checks it).
const cataloguePage = { 200: editorListPageSchema, ...errorReplies };
const oneEditor = { 200: editorDetailReplySchema, ...errorReplies };
const adminPage = { 200: adminEditorListPageSchema, ...errorReplies };
const adminOne = { params: idParams, response: { 200: adminEditorDetailReplySchema, ...errorReplies } };
const renamed = { 200: editorRenamedReplySchema, ...errorReplies };
const structureSaved = { 200: portfolioSavedReplySchema, ...errorReplies };
const uploaded = { 200: samplesUploadedReplySchema, ...errorReplies };
const verified = { 200: editorVerifiedReplySchema, ...errorReplies };
const photoSaved = { 200: editorPhotoReplySchema, ...errorReplies };
const done = { 200: messageReplySchema, ...errorReplies };

/** Public editor browsing (SPEC.md §7 "Users and portfolios") and the admin's editor management. */
export const portfolioRoutes: FastifyPluginAsync = async (base) => {
  base.seeds.addDemo(portfolioDemoStep);
  // An editor's track record counts their completed, paid orders: it follows, in the same transaction, an
  // order completing or cancelled (an admin may cancel a completed one), paid (pay-later work is paid
  // after approval), or refunded in full.
  base.events.onInTransaction('order.closed', (tx, { order }) => refreshTrackRecord(tx, order.editorId), {
    by: 'portfolio',
  });
  base.events.onInTransaction('order.paid', (tx, { order }) => refreshTrackRecord(tx, order.editorId), {
    by: 'portfolio',
  });
  // Disputes decided against the editor count in the record too.
  base.events.onInTransaction(
    'order.dispute_closed',
    (tx, { order }) => refreshTrackRecord(tx, order.editorId),
    { by: 'portfolio' },
  );
  base.events.onInTransaction(
    'refund.succeeded',
    async (tx, refund) => {
      if (refund.fullyRefunded) await refreshTrackRecord(tx, refund.editorId);
    },
    { by: 'portfolio' },
  );
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Registered here so only these routes parse multipart; the handler streams parts itself.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const ctx = (): PortfolioContext => ({
    db: app.db,
    storage: app.storage,
    media: mediaProcessor(app.log),
    log: app.log,
    jobs: app.jobs,
  });
  app.jobs.define(SAMPLE_POSTER_JOB, samplePosterJob(app));

  // ---- public -------------------------------------------------------------------------------
  /** A cached catalogue reply: gzip from memory for browsers that take it, else the JSON bytes. */
  const sendCatalogue = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ) => {
    const cached = await app.editorCatalogue.reply(key, load);
    reply.type(JSON_TYPE).header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(cached.json);
    return reply.header('content-encoding', 'gzip').send(await cached.gzipped());
  };

  /** The cache key of a filtered page: every input that changes the reply, normalised. */
  const filterKey = (f: EditorFilters) =>
    [f.sort, f.minPrice ?? '', f.maxPrice ?? '', f.tier ?? '', f.tags.join(',')].join(':');

  app.get(
    '/users/editors',
    { config: anonymous, schema: { querystring: editorListQuerySchema, response: cataloguePage } },
    (request, reply) => {
      const { page, limit, ...filters } = request.query;
      return sendCatalogue(request, reply, `list:${page}:${limit}:${filterKey(filters)}`, () =>
        listEditors(app.db, { page, limit }, '', filters),
      );
    },
  );

  app.get(
    '/users/editors/search',
    { config: anonymous, schema: { querystring: editorSearchQuerySchema, response: cataloguePage } },
    (request, reply) => {
      const { query, page, limit, ...filters } = request.query;
      const words = searchWords(query).join(' ');
      return sendCatalogue(request, reply, `search:${page}:${limit}:${filterKey(filters)}:${words}`, () =>
        listEditors(app.db, { page, limit }, words, filters),
      );
    },
  );

  app.get('/users/editors/:id', { schema: { params: idParams, response: oneEditor } }, async (request) => ({
    data: await getEditor(app.db, request.params.id),
  }));

  // ---- admin --------------------------------------------------------------------------------
  app.get(
    '/admin/editors',
    { onRequest: adminOnly, schema: { querystring: adminEditorListQuerySchema, response: adminPage } },
    async (request) => {
      const { search, ...page } = request.query;
      return listEditorsForAdmin(app.db, page, search);
    },
  );

  app.get('/admin/editors/:id', { onRequest: adminOnly, schema: adminOne }, async (request) => ({
    data: await getEditorForAdmin(app.db, request.params.id),
  }));

  app.delete(
    '/admin/editors/delete/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: done } },
    async (request) => {
      await softDeleteEditor(app.db, request.params.id);
      app.editorCatalogue.changed();
      await disconnectRevokedSockets(app, request.params.id);
      return { message: PORTFOLIO_MESSAGES.deleted };
    },
  );

  app.post(
    '/admin/editors/:id/updateName',
    // The body is parsed here rather than by the route schema, so the reply is exactly SPEC.md's
    // 'Name cannot be empty' (schema errors are prefixed with the field's name).
    { onRequest: adminOnly, schema: { params: idParams, response: renamed } },
    async (request) => {
      const { username } = editorNameInputSchema.parse(request.body ?? {});
      const data = await renameEditor(app.db, request.params.id, username);
      app.editorCatalogue.changed();
      return { message: PORTFOLIO_MESSAGES.renamed, data };
    },
  );

  app.patch(
    '/admin/editors/:id/portfolio/structure',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: portfolioStructureInputSchema, response: structureSaved },
    },
    async (request) => {
      const data = await saveStructure(ctx(), request.params.id, request.body);
      app.editorCatalogue.changed();
      return { message: PORTFOLIO_MESSAGES.structureSaved, data };
    },
  );

  app.patch(
    '/admin/editors/:id/portfolio/samples',
    { onRequest: adminOnly, schema: { params: idParams, response: uploaded } },
    async (request) => {
      const { portfolio, count } = await receiveSamples(ctx(), request, request.params.id);
      app.editorCatalogue.changed();
      return { message: PORTFOLIO_MESSAGES.uploaded, uploaded: count, data: portfolio };
    },
  );

  // ---- trust signals: the verified badge and the editor's photo ---------------------------------
  app.post(
    '/admin/editors/:id/verified',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: editorVerifiedInputSchema, response: verified },
    },
    async (request) => {
      await requireLiveEditor(app.db, request.params.id);
      const verified = await setEditorVerified(app.db, request.params.id, request.body.verified);
      app.editorCatalogue.changed();
      return {
        message: verified ? REVIEW_MESSAGES.verified : REVIEW_MESSAGES.unverified,
        data: { verified },
      };
    },
  );

  const photoDeps = () => ({ db: app.db, storage: app.storage });
  const savePhoto = async (editorId: string, request: FastifyRequest) => {
    const data = await saveEditorPhoto(photoDeps(), editorId, request);
    app.editorCatalogue.changed();
    return { message: REVIEW_MESSAGES.photoSaved, data };
  };
  const removePhoto = async (editorId: string) => {
    await removeEditorPhoto(photoDeps(), editorId);
    app.editorCatalogue.changed();
    return { message: REVIEW_MESSAGES.photoRemoved };
  };
  app.put(
    '/admin/editors/:id/photo',
    { onRequest: adminOnly, schema: { params: idParams, response: photoSaved } },
    async (request) => {
      await requireLiveEditor(app.db, request.params.id);
      return savePhoto(request.params.id, request);
    },
  );
  app.delete(
    '/admin/editors/:id/photo',
    { onRequest: adminOnly, schema: { params: idParams, response: done } },
    async (request) => {
      await requireLiveEditor(app.db, request.params.id);
      return removePhoto(request.params.id);
    },
  );
  // The editor's own photo: their session names them, no id to tamper with.
  app.put(
    '/profile/photo',
    { onRequest: requireRole('editor'), schema: { response: photoSaved } },
    (request) => savePhoto(request.user!.id, request),
  );
  app.delete('/profile/photo', { onRequest: requireRole('editor'), schema: { response: done } }, (request) =>
    removePhoto(request.user!.id),
  );

  // Its JSON body is optional (docs/api.md): no body, and an empty one under a JSON content type (some
  // clients send that header on every request), both mean "no checks". Scoped, so no other route's
  // parsing changes.
  await app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      json(request, text, done);
    });
    scope.withTypeProvider<ZodTypeProvider>().delete(
      '/admin/editors/:id/portfolio/:sampleId',
      {
        onRequest: adminOnly,
        schema: {
          params: z.object({ id: z.string().max(64), sampleId: z.string().max(64) }),
          body: deleteSampleInputSchema.nullish(),
          response: done,
        },
      },
      async (request) => {
        await deleteSample(ctx(), request.params.id, request.params.sampleId, request.body ?? {});
        app.editorCatalogue.changed();
        return { message: PORTFOLIO_MESSAGES.sampleDeleted };
      },
    );
  });
};
