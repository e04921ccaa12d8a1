import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TAX_PROFILE_MESSAGES,
  errorReplies,
  taxProfileInputSchema,
  taxProfileReplySchema,
  taxProfileSavedReplySchema,
} from '@cutroom/contracts';
import { loadSealingKey } from '../../lib/sealing';
import { requireRole } from '../../plugins/current-user';
import { saveTaxProfile, taxProfileView } from './profile';

const profileReply = { 200: taxProfileReplySchema, ...errorReplies };
const profileSaved = { 200: taxProfileSavedReplySchema, ...errorReplies };

/** An editor's tax profile (issue 27): what decides the taxes withheld from their shares. */
export const taxProfileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const key = loadSealingKey(app.config);
  const editorOnly = requireRole('editor');

  app.get(
    '/earnings/tax-profile',
    { onRequest: editorOnly, schema: { response: profileReply } },
    async (request) => ({
      taxProfile: await taxProfileView(app.db, request.user!.id),
    }),
  );

  app.put(
    '/earnings/tax-profile',
    { onRequest: editorOnly, schema: { body: taxProfileInputSchema, response: profileSaved } },
    async (request) => ({
      taxProfile: await saveTaxProfile(app.db, key, request.user!.id, request.body),
      message: TAX_PROFILE_MESSAGES.saved,
    }),
  );
};
