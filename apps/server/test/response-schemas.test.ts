import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editorDetailReplySchema, editorListPageSchema } from '@cutroom/contracts';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { makeImage } from './helpers/media';
import { STRUCTURE, sampleForm, saveStructure } from './portfolio-fixtures';

/**
 * Routes whose success reply is not a JSON body a response schema could check, each with why. Every other
 * route declares a schema for its success status, so what it sends is what docs/api.md describes (the
 * serializer strips keys the schema does not list and turns a reply that fails it into a 500).
 */
const NO_SUCCESS_SCHEMA: Record<string, string> = {
  'GET /api/deliveries/:id/preview': 'streams the watermarked preview (200/206, Range); errors are JSON',
  'GET /api/deliveries/:id/poster': "streams a video preview's poster (200/206, Range); errors are JSON",
  'GET /api/admin/payouts/export': 'streams a text/csv attachment',
  'GET /api/disputes/:id/evidence/:evidenceId/file':
    "streams a dispute evidence file's exact bytes (200/206, Range); errors are JSON",
  'GET /api/orders/:id/files.zip': "streams an order's ready files as one zip attachment; errors are JSON",
  'GET /api/order-files/:id/download':
    "streams an order file's exact bytes as an attachment (200/206, Range); errors are JSON",
  'POST /api/uploads':
    'tus creation: 201 with Location and no body (the tus server answers); errors are JSON',
  'PATCH /api/uploads/:uploadId': 'tus: 204 with Upload-Offset, no body (the tus server answers)',
  'DELETE /api/uploads/:uploadId': 'tus termination: 204, no body (the tus server answers)',
  'GET /api/documents/:id/pdf': 'sends a receipt, invoice or credit note as a PDF; errors are JSON',
  'GET /api/earnings/statements/:month':
    "streams the editor's month as a text/csv attachment; errors are JSON",
  'GET /api/earnings/tds/:quarter':
    "streams the editor's quarter of TDS as a text/csv attachment; errors are JSON",
  'GET /api/admin/tax/exports/:kind': "streams a return's export as a text/csv attachment; errors are JSON",
  'GET /media/*': 'streams a public media file (200/206/304, Range); errors are JSON',
  'GET /simulator/checkout/:paymentSessionId': 'the payment simulator: an HTML page',
  'POST /simulator/checkout/:paymentSessionId/complete':
    'the payment simulator: a 303 redirect or an HTML page',
  'GET /robots.txt': 'text/plain for crawlers',
  'GET /sitemap.xml': 'application/xml for crawlers',
  'GET /*': 'the web app: HTML pages and redirects (and a JSON 404 for unknown /api paths)',
};

/** /api routes whose handler itself sends a body that is not `{ message }`-typed, so no 4xx map either. */
const NO_ERROR_SCHEMA: Record<string, string> = {
  'GET /api/admin/payouts/export':
    'the handler sends a stream; its errors still go through the error handler',
};

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('response schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  // HEAD routes are Fastify's copies of GET routes (same schema) and send no body.
  const routes = () => server.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('every route declares a schema for its success status, except the allow-listed ones', () => {
    const missing = routes()
      .filter((r) => !(key(r) in NO_SUCCESS_SCHEMA))
      .filter((r) => !r.responseStatuses.some((s) => /^2(\d\d|xx)$/.test(s)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('every /api route declares the `{ message }` reply of its 4xx errors', () => {
    const missing = routes()
      .filter((r) => r.url.startsWith('/api/') && !(key(r) in NO_ERROR_SCHEMA))
      .filter((r) => !r.responseStatuses.includes('4xx'))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('the allow-lists name routes that exist and have no success schema', () => {
    const byKey = new Map(routes().map((r) => [key(r), r]));
    for (const name of [...Object.keys(NO_SUCCESS_SCHEMA), ...Object.keys(NO_ERROR_SCHEMA)]) {
      expect(byKey.has(name), name).toBe(true);
    }
    for (const name of Object.keys(NO_SUCCESS_SCHEMA)) {
      expect(
        byKey.get(name)!.responseStatuses.filter((s) => s.startsWith('2')),
        name,
      ).toEqual([]);
    }
  });

  // The public list and search send the catalogue cache's bytes, serialized before the route replies, so
  // the serializer never sees them: check here that they are exactly what their schema writes.
  it('the cached editor list and search are what their schema describes, byte for byte', async () => {
    const api = apiClient(server.url);
    const admin = await createTestUser(server.db, 'admin');
    const editor = await createTestUser(server.db, 'editor', { username: `schemacheck${Date.now()}` });
    await saveStructure(api, admin.token, editor.id, STRUCTURE);
    const uploaded = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([
        {
          tier: 'pro',
          index: 0,
          name: 'a.jpg',
          bytes: await makeImage(),
          type: 'image/jpeg',
          tags: ['travel'],
        },
      ]),
      { token: admin.token },
    );
    expect(uploaded.status).toBe(200);

    const sameBytes = (schema: z.ZodType, text: string) =>
      expect(JSON.stringify(z.encode(schema, JSON.parse(text)))).toBe(text);
    for (const path of ['/api/users/editors', `/api/users/editors/search?query=${editor.username}`]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const page = JSON.parse(text) as { data: { _id: string; portfolio: { tiers: unknown[] } }[] };
      expect(page.data.find((e) => e._id === editor.id)?.portfolio.tiers).toHaveLength(2);
      sameBytes(editorListPageSchema, text);
    }
    // The editor's own page goes through the serializer: the same editor, written the same way.
    const one = await fetch(`${server.url}/api/users/editors/${editor.id}`);
    sameBytes(editorDetailReplySchema, await one.text());
  });
});
