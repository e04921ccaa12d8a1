import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TAX_EXPORT_KINDS, errorReplies, taxSummarySchema } from '@cutroom/contracts';
import { streamOrCut } from '../../lib/http/stream-or-cut';
import { loadSealingKey } from '../../lib/sealing';
import { requireRole } from '../../plugins/current-user';
import { editorTdsCsv } from './reports/editor-tds';
import { taxExportCsv } from './reports/exports';
import { statementCsv } from './reports/statement';
import { taxSummary } from './reports/summary';

// Periods are checked by the services (reports/format.ts), so a 400 carries the period's own message.
const monthParams = z.object({ month: z.string() });
const quarterParams = z.object({ quarter: z.string() });
const exportParams = z.object({
  kind: z.enum(TAX_EXPORT_KINDS, { error: 'Choose an export: tcs, tds, gst or ledger' }),
});
const exportQuery = z.object({ period: z.string({ error: 'Choose a period' }) });
// The CSV routes declare their JSON errors only: their success is a stream (response-schemas test).
const summaryReply = { 200: taxSummarySchema, ...errorReplies };

/** Sends CSV lines already begun (their first rows read), as a download named `name`. */
function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
  return reply.send(streamOrCut(reply, lines));
}

/** Editors' statements and TDS figures, the admins' tax summary and the returns' exports (issue 27). */
export const taxReportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const key = loadSealingKey(app.config);
  const editorOnly = requireRole('editor');
  const adminOnly = requireRole('admin');

  app.get(
    '/earnings/statements/:month',
    { onRequest: editorOnly, schema: { params: monthParams, response: errorReplies } },
    async (request, reply) => {
      const { month } = request.params;
      const lines = await statementCsv(app.db, request.user!.id, month);
      return sendCsv(reply, `cutroom-statement-${month}.csv`, lines);
    },
  );

  app.get(
    '/earnings/tds/:quarter',
    { onRequest: editorOnly, schema: { params: quarterParams, response: errorReplies } },
    async (request, reply) => {
      const { quarter } = request.params;
      const lines = await editorTdsCsv(app.db, request.user!.id, quarter);
      return sendCsv(reply, `cutroom-tds-${quarter}.csv`, lines);
    },
  );

  app.get('/admin/tax', { onRequest: adminOnly, schema: { response: summaryReply } }, async () =>
    taxSummary(app.db),
  );

  app.get(
    '/admin/tax/exports/:kind',
    {
      onRequest: adminOnly,
      schema: { params: exportParams, querystring: exportQuery, response: errorReplies },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { period } = request.query;
      const lines = await taxExportCsv(app.db, key, kind, period);
      return sendCsv(reply, `cutroom-${kind}-${period}.csv`, lines);
    },
  );
};
