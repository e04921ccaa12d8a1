import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsNul } from '../src/plugins/text-bodies';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';

describe('NUL characters in requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('finds them in nested strings and keys, and nowhere else', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, { b: 'fine \u2062 text' }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it('are refused with a 400 (never a database 500) on the contact form, chat and offers', async () => {
    const api = apiClient(server.url);
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    const room = await api.post('/api/chat/initiate', { editorId: editor.id }, { token: creator.token });
    const replies = await Promise.all([
      api.post('/api/public/support', { name: 'a\u0000b', email: 'x@example.com', message: 'hello' }),
      api.post(
        '/api/chat/message',
        { chatRoomId: room.body.roomId, content: 'hi\u0000' },
        { token: creator.token },
      ),
      api.post(
        `/api/chat/${room.body.roomId}/offers`,
        { title: 'Teaser\u0000', amount: 500, deliveryDays: 2, revisions: 1 },
        { token: editor.token },
      ),
    ]);
    for (const r of replies) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Text must not contain NUL characters');
    }
    const messages = await api.get(`/api/chat/${room.body.roomId}/messages`, { token: creator.token });
    expect(messages.body.data).toEqual([]);
  });
});
