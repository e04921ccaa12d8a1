import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplies, siteConfigSchema } from '@cutroom/contracts';
import { missingMerchantContacts, publicSiteConfig, safeExternalUrl } from './service';

export const siteRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  if (app.config.PERKS_CHAT_URL && !safeExternalUrl(app.config.PERKS_CHAT_URL)) {
    app.log.warn('PERKS_CHAT_URL is not an http(s) URL; the perks page links to /contact instead');
  }
  const missing = missingMerchantContacts(app.config);
  if (missing.length) {
    // A warning, not a refusal: the site still works, but the gateway may hold a live account over it.
    app.log.warn(
      `${missing.join(', ')} not set: Cashfree expects a live merchant's website to show its address, ` +
        'e-mail and phone (/contact and the policy pages show them once set)',
    );
  }
  // Configuration only changes with a restart, so one answer serves every request.
  const siteConfig = publicSiteConfig(app.config);

  app.get(
    '/public/site-config',
    { schema: { response: { 200: siteConfigSchema, ...errorReplies } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return siteConfig;
    },
  );
};
