import { hasLoneSurrogate } from '@cutroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, clientId, connectChat } from './chat-clients';
import { openRoom } from './delivery-fixtures';
import { createPricedEditor } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { STRUCTURE, saveStructure } from './portfolio-fixtures';

/**
 * Issue 25, item 15: a lone UTF-16 surrogate in a text field answered 500. JSON can carry one as the
 * six characters \ud800 (JSON.parse gives a string holding half a character); a client that sends the
 * character itself sends UTF-8, in which half a character cannot exist (it arrives as U+FFFD). So the
 * bodies below are JSON text written by hand, never JSON.stringify of a JS string.
 */
const HIGH = String.raw`\ud800`;
const LOW = String.raw`\udfff`;
const BROKEN = [`Cut ${HIGH} here`, `${LOW}`, `end ${HIGH}`, `${LOW}${HIGH}`];

describe('lone surrogates in text fields are refused with a 400 naming the field, never a 500', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999 }),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
  }, 60_000);
  afterAll(() => server?.close());

  /** Sends `json` exactly as written, as application/json. */
  async function rawJson(method: string, path: string, json: string, token?: string) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: json,
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  }

  /** The structure fixture as JSON text, with `text` (already JSON-escaped) put in at `where`. */
  function structureWith(where: 'description' | 'feature' | 'whatsIncluded', text: string): string {
    const marker = '@@TEXT@@';
    const body = structuredClone(STRUCTURE) as any;
    if (where === 'description') body.tiers[0].description = marker;
    if (where === 'feature') body.tiers[0].features.push(marker);
    if (where === 'whatsIncluded') body.whatsIncluded.push(marker);
    return JSON.stringify(body).replace(marker, text);
  }

  it('reaches the server as half a character: the escape is in the JSON text, not a UTF-8 byte', () => {
    const json = `{"brief":"${BROKEN[0]}"}`;
    expect(json).toContain('\\ud800');
    const parsed = JSON.parse(json) as { brief: string };
    expect(parsed.brief.charCodeAt(4)).toBe(0xd800);
    expect(hasLoneSurrogate(parsed.brief)).toBe(true);
  });

  it("refuses them in an offer request's brief, and stores nothing", async () => {
    for (const text of BROKEN) {
      const res = await rawJson(
        'POST',
        `/api/chat/${roomId}/offer-requests`,
        `{"brief":"${text}"}`,
        creator.token,
      );
      expect([text, res.status]).toEqual([text, 400]);
      expect(res.body.message).toMatch(/^(brief: )?Brief contains an invalid character$/);
    }
    const messages = await api.get(`/api/chat/${roomId}/messages`, { token: creator.token });
    expect(messages.body.data).toEqual([]);
  });

  it("refuses them in a tier's description, a feature and a what's-included entry", async () => {
    const cases = [
      ['description', 'Description contains an invalid character'],
      ['feature', 'A feature contains an invalid character'],
      ['whatsIncluded', "A what's-included entry contains an invalid character"],
    ] as const;
    for (const [where, message] of cases) {
      for (const text of BROKEN) {
        const res = await rawJson(
          'PATCH',
          `/api/admin/editors/${editor.id}/portfolio/structure`,
          structureWith(where, text),
          admin.token,
        );
        expect([where, text, res.status]).toEqual([where, text, 400]);
        expect(res.body.message).toMatch(new RegExp(`^([\\w.]+: )?${message}$`));
      }
    }
  });

  it('refuses them in the other text fields people type: offers, chat, the contact form, names', async () => {
    const cases: [string, string, string, string | undefined, string][] = [
      [
        'POST',
        `/api/chat/${roomId}/offers`,
        `{"title":"Teaser ${HIGH}","amount":500,"deliveryDays":2,"revisions":1}`,
        editor.token,
        'Title contains an invalid character',
      ],
      [
        'POST',
        `/api/chat/${roomId}/offers`,
        `{"title":"Teaser","description":"${LOW}","amount":500,"deliveryDays":2,"revisions":1}`,
        editor.token,
        'Description contains an invalid character',
      ],
      [
        'POST',
        '/api/chat/message',
        `{"chatRoomId":"${roomId}","content":"hi ${HIGH}"}`,
        creator.token,
        'Message contains an invalid character',
      ],
      [
        'POST',
        '/api/public/support',
        `{"name":"A ${HIGH}","email":"a@example.com","message":"hello"}`,
        undefined,
        'Name contains an invalid character',
      ],
      [
        'POST',
        '/api/public/support',
        `{"name":"A","email":"a@example.com","message":"hello ${LOW}"}`,
        undefined,
        'Message contains an invalid character',
      ],
      [
        'POST',
        `/api/admin/editors/${editor.id}/updateName`,
        `{"username":"Rohan ${HIGH}"}`,
        admin.token,
        'Name contains an invalid character',
      ],
    ];
    const failures: string[] = [];
    for (const [method, path, json, token, message] of cases) {
      const res = await rawJson(method, path, json, token);
      const named = typeof res.body?.message === 'string' && res.body.message.endsWith(message);
      if (res.status !== 400 || !named) {
        failures.push(`${method} ${path} ${json} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses them in a chat message sent over the socket (its JSON carries the escape too)', async () => {
    const socket = await connectChat(server.url, creator.token);
    try {
      expect(await ask(socket, 'joinRoom', { roomId, userId: creator.id })).toMatchObject({ ok: true });
      // socket.io writes the payload with JSON.stringify, which escapes half a character as \ud800.
      const reply = await ask(socket, 'sendMessage', {
        clientId: clientId(),
        chatRoom: roomId,
        content: 'hi \ud800',
        read: false,
      });
      expect(reply).toEqual({ ok: false, error: 'Message contains an invalid character' });
    } finally {
      socket.close();
    }
  });

  it('keeps a whole character written as a surrogate pair (an emoji)', async () => {
    const res = await rawJson(
      'POST',
      `/api/chat/${roomId}/offer-requests`,
      String.raw`{"brief":"Three reels \ud83c\udfac"}`,
      creator.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.data.offerRequest.brief).toBe('Three reels 🎬');
    await saveStructure(api, admin.token, editor.id, {
      ...STRUCTURE,
      whatsIncluded: ['Music 🎵'],
    });
  });
});
