import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
  notificationParamsSchema,
  notificationPreferencesInputSchema,
  notificationsQuerySchema,
  unsubscribeInputSchema,
} from '@cutroom/contracts';
import { badRequest } from '../../lib/http-error';
import { requireUser } from '../../plugins/current-user';
import { mailJob } from './mail-job';
import { MAIL_JOB } from './notifier';
import { listNotifications, markRead, preferences, savePreferences, summary } from './service';
import { unsubscribe } from './unsubscribe';

/** The bell, the badges, e-mail preferences and the one-click unsubscribe (no login). */
export const notificationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.jobs.define(MAIL_JOB, mailJob({ db: app.db, mailer: app.mailer, config: app.config }));
  const signedIn = requireUser;
  const me = (request: { user?: { id: string; role: 'creator' | 'editor' | 'admin' } | null }) =>
    request.user!;

  app.get(
    '/notifications',
    { onRequest: signedIn, schema: { querystring: notificationsQuerySchema } },
    async (request) => listNotifications(app.db, me(request), request.query),
  );

  app.get('/notifications/summary', { onRequest: signedIn }, async (request) => summary(app.db, me(request)));

  app.post('/notifications/read-all', { onRequest: signedIn }, async (request) =>
    markRead(app.db, app.io, me(request), null),
  );

  app.post(
    '/notifications/:id/read',
    { onRequest: signedIn, schema: { params: notificationParamsSchema } },
    async (request) => markRead(app.db, app.io, me(request), request.params.id),
  );

  app.get('/notifications/preferences', { onRequest: signedIn }, async (request) =>
    preferences(app.db, me(request)),
  );

  app.put(
    '/notifications/preferences',
    { onRequest: signedIn, schema: { body: notificationPreferencesInputSchema } },
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
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token;
        if (!token) throw badRequest(NOTIFICATION_MESSAGES.invalidLink);
        return { message: await unsubscribe(app.db, token) };
      },
    );
  });
};
