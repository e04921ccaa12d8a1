import type { FastifyPluginAsync } from 'fastify';
import { supportRoutes } from './support/routes';
import { authRoutes } from './auth/routes';
import { siteRoutes } from './site/routes';

/** Every API module, each a Fastify plugin mounted under /api. A new module adds one line here. */
export const apiModules: FastifyPluginAsync[] = [supportRoutes, authRoutes, siteRoutes];
