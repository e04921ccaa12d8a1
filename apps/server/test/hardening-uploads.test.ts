import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrder, openRoom } from './delivery-fixtures';
import { createPricedEditor } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

const MB = 1024 * 1024;

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through the given agent, failing if no whole reply came within `ms`. */
function send(
  agent: Agent,
  url: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
  ms: number,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${opts.method} ${opts.path}: no reply within ${ms} ms`));
    }, ms);
    const req = httpRequest(
      { agent, host: '127.0.0.1', port, method: opts.method, path: opts.path, headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    // The server may close the connection while the rest of the body is still on its way: that is fine
    // once the reply has arrived.
    let replied = false;
    req.once('response', () => (replied = true));
    req.on('error', (err) => {
      if (!replied) {
        clearTimeout(timer);
        reject(err);
      }
    });
    req.end(opts.body);
  });
}

async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

/**
 * A refused upload (413 past the size limit, 400 while parts still follow) leaves the rest of its body
 * unread: the reply must not keep that connection alive, or the next request on it hangs until the
 * keep-alive timeout.
 */
describe('a refused upload and the connection it came on', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let image: Buffer;
  const agents: Agent[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    image = await makeImage({ width: 320, height: 200 });
  });
  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await server?.close();
  });

  /** A keep-alive agent with a single connection, so the second request goes where the first went. */
  const oneConnection = () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    return agent;
  };

  async function refusedThenNext(path: string, form: FormData, token: string) {
    const agent = oneConnection();
    const { body, contentType } = await multipart(form);
    const refused = await send(
      agent,
      server.url,
      {
        method: path.includes('/portfolio/') ? 'PATCH' : 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': String(body.length),
        },
        body,
      },
      10_000,
    );
    const started = Date.now();
    const next = await send(agent, server.url, { method: 'GET', path: '/api/health' }, 2000);
    return { refused, next, nextMs: Date.now() - started };
  }

  async function editorWithTiers() {
    const editor = await createTestUser(server.db, 'editor');
    await saveStructure(api, admin.token, editor.id);
    return editor;
  }

  it('closes the connection after a 413 on portfolio samples, so the next request is answered at once', async () => {
    const editor = await editorWithTiers();
    const big = Buffer.concat([image, Buffer.alloc(12 * MB - image.length, 7)]);
    const { refused, next } = await refusedThenNext(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([{ tier: 'basic', index: 0, name: 'huge.jpg', bytes: big, type: 'image/jpeg' }]),
      admin.token,
    );
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).message).toBe('huge.jpg is too large: images may be at most 10 MB');
    expect(refused.headers.connection).toBe('close');
    expect(next.status).toBe(200);
  });

  it('closes the connection after a 400 on portfolio samples while more parts follow', async () => {
    const editor = await editorWithTiers();
    const { refused, next } = await refusedThenNext(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([
        // A tier the editor does not have: refused at this first part.
        { tier: 'intermediate', index: 0, name: 'a.jpg', bytes: image, type: 'image/jpeg' },
        {
          tier: 'basic',
          index: 0,
          name: 'b.jpg',
          bytes: Buffer.concat([image, Buffer.alloc(6 * MB, 7)]),
          type: 'image/jpeg',
        },
      ]),
      admin.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.connection).toBe('close');
    expect(next.status).toBe(200);
  });

  it('closes the connection after a 413 on a delivery', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createPricedEditor(server.db, { basic: 999 });
    const roomId = await openRoom(api, creator, editor);
    const order = await openOrder(api, creator, editor, roomId);
    const form = new FormData();
    form.append('orderId', order._id);
    const header = await makeImage({ width: 64, height: 64, format: 'png' });
    const huge = Buffer.concat([header, Buffer.alloc(12 * MB)]);
    form.append('file', new Blob([new Uint8Array(huge)], { type: 'image/png' }), 'huge.png');
    const { refused, next } = await refusedThenNext(`/api/chat/${roomId}/deliveries`, form, editor.token);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).message).toMatch(/images may be at most 10 MB/);
    expect(refused.headers.connection).toBe('close');
    expect(next.status).toBe(200);
  });

  it('keeps the connection alive after a reply to a whole body', async () => {
    const agent = oneConnection();
    const first = await send(agent, server.url, { method: 'GET', path: '/api/health' }, 2000);
    expect(first.headers.connection).toBe('keep-alive');
    const second = await send(agent, server.url, { method: 'GET', path: '/api/health' }, 2000);
    expect(second.status).toBe(200);
  });
});
