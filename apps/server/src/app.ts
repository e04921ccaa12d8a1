import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { serializeRequest } from './lib/log-redaction';
import { createMailer, type Mailer } from './lib/mailer';
import { jobsPlugin } from './lib/jobs';
import { authModule } from './modules/auth';
import { chatModule } from './modules/chat';
import { dashboardModule } from './modules/dashboard';
import { deliveryModule } from './modules/delivery';
import { disputesModule } from './modules/disputes';
import { filesModule } from './modules/files';
import { mediaModule } from './modules/media';
import { moderationModule } from './modules/moderation';
import { notificationsModule } from './modules/notifications';
import { ordersModule } from './modules/orders';
import { paymentsModule } from './modules/payments';
import { payoutsModule } from './modules/payouts';
import { invoicesModule } from './modules/invoices';
import { taxModule } from './modules/tax';
import { editorCataloguePlugin, portfolioModule } from './modules/portfolio';
import { reviewsModule } from './modules/reviews';
import { crawlerRoutes, siteModule } from './modules/site';
import { supportModule } from './modules/support';
import { currentUserPlugin } from './plugins/current-user';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { originCheckPlugin } from './plugins/origin-check';
import { realtimePlugin } from './plugins/realtime';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textBodiesPlugin } from './plugins/text-bodies';
import { unreadBodiesPlugin } from './plugins/unread-bodies';
import { webAppPlugin } from './plugins/web-app';
import { SeedSteps } from './lib/seeds';
import { SESSION_COOKIE, findSessionUser } from './modules/auth';
import { DomainEvents, type AppEvents } from './events';
import { PayoutPorts } from './modules/payments';
import { errorReplies, errorReplySchema, healthReplySchema, readyReplySchema } from '@cutroom/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    /** Shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
    /**
     * Every route as registered (method, URL pattern, and the statuses its response schema declares): the
     * authorization matrix and the response-schema test check they are complete.
     */
    routeTable: RouteTableEntry[];
    /** Typed domain events: how one module reacts to another's changes. */
    events: AppEvents;
  }
}

/**
 * The server's modules, each a plugin (fastify-plugin) that names the plugins it needs: its service is
 * decorated on the app and its routes sit in an inner, encapsulated plugin under /api. A module
 * registered before one it needs stops the server at start ("The dependency 'chat' of plugin 'orders' is
 * not registered"), so this order is checked, not just explained. Registered in this order, which is
 * also the order their event listeners, jobs and seed steps are added in.
 */
export const serverModules: readonly FastifyPluginAsync[] = [
  notificationsModule,
  supportModule,
  authModule,
  siteModule,
  mediaModule,
  portfolioModule,
  paymentsModule,
  taxModule,
  chatModule,
  ordersModule,
  filesModule,
  deliveryModule,
  disputesModule,
  moderationModule,
  reviewsModule,
  payoutsModule,
  invoicesModule,
  dashboardModule,
];

export interface RouteTableEntry {
  method: string;
  url: string;
  /** The keys of the route's `schema.response` ('200', '4xx', …); empty when it declares none. */
  responseStatuses: string[];
}

export interface BuildAppOptions {
  /** An already-open database (tests share a migrated template). */
  database?: Database;
  /** PGlite only: start from this dumped data directory. */
  loadDataDir?: Blob;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The modules to register, in order, instead of `serverModules` (a test registers them out of order). */
  modules?: readonly FastifyPluginAsync[];
}

/** Builds the whole server (API, realtime, web app) without listening; used by main and by tests. */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Signed media URLs carry their ticket in the query string: never write it to the log.
      serializers: { req: serializeRequest },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Fastify accepts each of these forms; its overloads just cannot take the union at once.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const responseStatuses = Object.keys(route.schema?.response ?? {});
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, responseStatuses });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: `${config.DATA_DIR}/db`,
      loadDataDir: opts.loadDataDir,
      onIdleError: (err) => app.log.warn({ err }, 'postgres connection problem'),
    }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('events', new DomainEvents(app.log) as AppEvents);
  app.decorate('payoutPorts', new PayoutPorts());
  app.decorate('seeds', new SeedSteps());
  app.decorate('sessionLookup', {
    cookieName: SESSION_COOKIE,
    find: (token: string) => findSessionUser(database.db, token),
  });
  app.decorate('mailer', createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }));
  app.addHook('onClose', async () => {
    app.mailer.close();
    if (!opts.database) await database.close();
    redis?.disconnect();
  });

  await app.register(gracefulClosePlugin);
  await app.register(errorsPlugin);
  await app.register(unreadBodiesPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    redis: redis ?? undefined,
    nameSpace: `${config.REDIS_PREFIX}:rl:`,
    allowList: () => config.RATE_LIMIT_DISABLED === '1',
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
  await app.register(currentUserPlugin);
  await app.register(originCheckPlugin);
  await app.register(textBodiesPlugin);
  await app.register(realtimePlugin);
  await app.register(editorCataloguePlugin);
  // Before the modules: they define their job kinds at registration.
  await app.register(jobsPlugin);

  const probeReplies = {
    health: { schema: { response: { 200: healthReplySchema, ...errorReplies } } },
    ready: { schema: { response: { 200: readyReplySchema, 503: errorReplySchema, ...errorReplies } } },
  };
  app.get('/api/health', probeReplies.health, async () => ({ status: 'ok' }));
  app.get('/api/ready', probeReplies.ready, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'database not answering');
      return reply.status(503).send({ message: 'Database not ready' });
    }
  });

  for (const module of opts.modules ?? serverModules) await app.register(module);
  await app.register(crawlerRoutes);
  await app.register(webAppPlugin);

  await app.seeds.run(app, app.config.seedDemo);
  return app;
}
