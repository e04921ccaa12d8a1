import { afterAll, beforeAll } from 'vitest';
import { apiClient, type ApiClient } from './http';
import { startMailbox, type Mailbox } from './mailbox';
import { startTestServer, type TestServer } from './server';

/**
 * A test server that sends its mail to an in-test SMTP mailbox, started before the file's tests and closed
 * after them. Read the fields inside tests (they are set once beforeAll has run).
 */
export function serverWithMailbox(env: Record<string, string> = {}) {
  const ctx = {} as { server: TestServer; api: ApiClient; mailbox: Mailbox };
  beforeAll(async () => {
    ctx.mailbox = await startMailbox();
    ctx.server = await startTestServer({ SMTP_URL: ctx.mailbox.url, ...env });
    ctx.api = apiClient(ctx.server.url);
  });
  afterAll(async () => {
    await ctx.server?.close();
    await ctx.mailbox?.close();
  });
  return ctx;
}
