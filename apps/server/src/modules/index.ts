import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes } from './chat';
import { supportRoutes } from './support';
import { authRoutes } from './auth';
import { siteRoutes } from './site';
import { mediaPlugin } from './media';
import { portfolioRoutes } from './portfolio';
import { paymentRoutes } from './payments';
import { paymentSimulatorPlugin } from './payments';
import { jobsPlugin } from '../lib/jobs';
import { deliveryRoutes } from './delivery';
import { orderRoutes } from './orders';
import { moderationRoutes } from './moderation';
import { notificationRoutes } from './notifications';
import { reviewRoutes } from './reviews';
import { payoutRoutes } from './payouts';

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
