import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
  errorReplies,
  messageReplySchema,
  notificationPreferencesSavedReplySchema,
  notificationPreferencesSchema,
  notificationSummarySchema,
  notificationsPageSchema,
  notificationsReadReplySchema,
  notificationParamsSchema,
  notificationPreferencesInputSchema,
  notificationsQuerySchema,
  unsubscribeInputSchema,
} from '@cutroom/contracts';
import { badRequest } from '../../lib/http-error';
import { perAddressLimit } from '../../lib/http/route-limits';
import { requireUser } from '../../plugins/current-user';
import { mailJob } from './mail-job';
import { MAIL_JOB } from './notifier';
import { listNotifications, markRead, preferences, savePreferences, summary } from './service';
import { unsubscribe } from './unsubscribe';

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const page = { 200: notificationsPageSchema, ...errorReplies };
const badges = { 200: notificationSummarySchema, ...errorReplies };
const read = { 200: notificationsReadReplySchema, ...errorReplies };
const prefs = { 200: notificationPreferencesSchema, ...errorReplies };
const prefsSaved = { 200: notificationPreferencesSavedReplySchema, ...errorReplies };

/** The bell, the badges, e-mail preferences and the one-click unsubscribe (no login). */
export const notificationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.jobs.define(MAIL_JOB, mailJob({ db: app.db, mailer: app.mailer, config: app.config }));
  const signedIn = requireUser;
  const me = (request: { user?: { id: string; role: 'creator' | 'editor' | 'admin' } | null }) =>
    request.user!;

  app.get(
    '/notifications',
    { onRequest: signedIn, schema: { querystring: notificationsQuerySchema, response: page } },
    async (request) => listNotifications(app.db, me(request), request.query),
  );

  app.get('/notifications/summary', { onRequest: signedIn, schema: { response: badges } }, async (request) =>
    summary(app.db, me(request)),
  );

  app.post('/notifications/read-all', { onRequest: signedIn, schema: { response: read } }, async (request) =>
    markRead(app.db, app.io, me(request), null),
  );

  app.post(
    '/notifications/:id/read',
    { onRequest: signedIn, schema: { params: notificationParamsSchema, response: read } },
    async (request) => markRead(app.db, app.io, me(request), request.params.id),
  );

  app.get(
    '/notifications/preferences',
    { onRequest: signedIn, schema: { response: prefs } },
    async (request) => preferences(app.db, me(request)),
  );

  app.put(
    '/notifications/preferences',
    { onRequest: signedIn, schema: { body: notificationPreferencesInputSchema, response: prefsSaved } },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.saved,
      data: await savePreferences(app.db, me(request), request.body),
    }),
  );

  // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` (form-encoded or multipart) to the URL in
  // the header, token in the query; the web page posts JSON `{token}`. The body is read (bounded) and
  // otherwise ignored, so any of those content types is accepted here and nowhere else.
  await app.register(async (scope) => {
    const ignore = { parseAs: 'string' as const, bodyLimit: 4096 };
    scope.addContentTypeParser('application/x-www-form-urlencoded', ignore, (_r, _b, done) => done(null, {}));
    scope.addContentTypeParser('multipart/form-data', ignore, (_r, _b, done) => done(null, {}));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/notifications/unsubscribe',
      {
        schema: {
          querystring: unsubscribeInputSchema.partial(),
          body: unsubscribeInputSchema.partial().nullish(),
          response: { 200: messageReplySchema, ...errorReplies },
        },
        config: perAddressLimit(30),
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token;
        if (!token) throw badRequest(NOTIFICATION_MESSAGES.invalidLink);
        return { message: await unsubscribe(app.db, token) };
      },
    );
  });
};
