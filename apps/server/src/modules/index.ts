import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes } from './chat/routes';
import { supportRoutes } from './support/routes';
import { authRoutes } from './auth/routes';
import { siteRoutes } from './site/routes';
import { mediaPlugin } from './media/plugin';
import { portfolioRoutes } from './portfolio/routes';
import { paymentRoutes } from './payments/routes';
import { paymentSimulatorPlugin } from './payments/simulator/routes';
import { jobsPlugin } from '../lib/jobs';
import { deliveryRoutes } from './delivery/routes';
import { orderRoutes } from './orders/routes';
import { moderationRoutes } from './moderation/routes';
import { notificationRoutes } from './notifications/routes';
import { reviewRoutes } from './reviews/routes';
import { payoutRoutes } from './payouts/routes';

/** Every API module, each a Fastify plugin mounted under /api. A new module adds one line here. */
export const apiModules: FastifyPluginAsync[] = [
  // First: other modules define their job kinds at registration.
  jobsPlugin,
  notificationRoutes,
  supportRoutes,
  authRoutes,
  siteRoutes,
  mediaPlugin,
  portfolioRoutes,
  paymentRoutes,
  paymentSimulatorPlugin,
  chatRoutes,
  orderRoutes,
  deliveryRoutes,
  moderationRoutes,
  reviewRoutes,
  // After orders: its payment hooks run once the payment is the order's.
  payoutRoutes,
];
