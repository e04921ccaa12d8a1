import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE } from '@cutroom/contracts';
import { createPricedEditor } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/** The note typed at Pay Now reaches the editor: it is the order's brief, screened like every text. */
describe('the Pay Now note as the order’s brief', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    creator = await createTestUser(server.db, 'creator');
    editor = await createPricedEditor(server.db, { basic: 999 });
  });
  afterAll(async () => server?.close());

  const payNow = (creatorNote: string) =>
    api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210', creatorNote },
      { token: creator.token },
    );

  it('shows the editor the note as the creator’s brief, and the latest one when Pay Now is pressed again', async () => {
    const first = await payNow('Cut my vlog to 60 s, upbeat, keep the intro');
    expect(first.status).toBe(201);
    const orderId = first.body.order._id as string;
    const seen = await api.get(`/api/orders/${orderId}`, { token: editor.token });
    expect(seen.body.data.brief).toBe('Cut my vlog to 60 s, upbeat, keep the intro');
    const again = await payNow('Make it 45 s instead');
    expect(again.body.order._id).toBe(orderId);
    expect((await api.get(`/api/orders/${orderId}`, { token: editor.token })).body.data.brief).toBe(
      'Make it 45 s instead',
    );
  });

  it('refuses contact details in the note, and makes no order of it', async () => {
    const before = await api.get('/api/orders', { token: creator.token });
    const refused = await payNow('WhatsApp me on 9876543210');
    expect([refused.status, refused.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    const after = await api.get('/api/orders', { token: creator.token });
    expect(after.body.data.length).toBe(before.body.data.length);
  });
});
