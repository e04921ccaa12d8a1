import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { editorTaxProfiles, users } from '../../db/schema';
import type { SeedStep } from '../../lib/seeds';
import { loadSealingKey } from '../../lib/sealing';
import { saveTaxProfile } from './profile';

/**
 * Demo data: every demo editor without a tax profile gets one (an individual in the platform's state
 * with a made-up PAN), so demo orders show the usual case: no TCS, no TDS under ₹5 lakh a year.
 */
export const taxDemoStep: SeedStep = {
  name: 'tax demo profiles',
  async run(app: FastifyInstance) {
    const key = loadSealingKey(app.config);
    const editors = await app.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .leftJoin(editorTaxProfiles, eq(editorTaxProfiles.editorId, users.id))
      .where(and(eq(users.role, 'editor'), isNull(editorTaxProfiles.editorId)));
    for (const [i, editor] of editors.entries()) {
      const digits = String(1000 + (i % 9000)).padStart(4, '0');
      await saveTaxProfile(app.db, key, editor.id, {
        legalName: editor.username,
        entityType: 'individual',
        stateCode: app.config.PLATFORM_GSTIN.slice(0, 2),
        pan: `DEMP${String.fromCharCode(65 + (i % 26))}${digits}D`,
      });
    }
  },
};
