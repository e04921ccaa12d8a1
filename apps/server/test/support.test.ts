import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';

describe('support tickets', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('stores a ticket and lists it to admins, newest first', async () => {
    const first = await api.post('/api/public/support', {
      name: 'Asha',
      email: 'Asha@Example.com',
      message: 'Hello',
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Ticket submitted successfully!');
    const second = await api.post('/api/public/support', {
      name: 'Ravi',
      email: 'ravi@example.com',
      subject: 'Billing',
      message: 'Where is my invoice?',
    });
    expect(second.status).toBe(201);

    const admin = await createTestUser(server.db, 'admin');
    const list = await api.get('/api/admin/support-tickets', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => t.name).slice(0, 2)).toEqual(['Ravi', 'Asha']);
    expect(list.body[0]).toMatchObject({
      subject: 'Billing',
      email: 'ravi@example.com',
      message: 'Where is my invoice?',
    });
    expect(list.body[1].email).toBe('asha@example.com');
    expect(list.body[1]).not.toHaveProperty('subject');
  });

  it.each([
    [{ email: 'a@b.co', message: 'hi' }, 'Name is required'],
    [{ name: 'A', message: 'hi' }, 'Email is required'],
    [{ name: 'A', email: 'not-an-email', message: 'hi' }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@b.co', message: '   ' }, 'Message is required'],
    [{ name: 'A'.repeat(101), email: 'a@b.co', message: 'hi' }, 'Name must be at most 100 characters'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const res = await api.post('/api/public/support', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await fetch(`${server.url}/api/public/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON');
  });

  it('files a connect request as a ticket with its subject', async () => {
    const res = await api.post('/api/public/connect', {
      name: 'Meera',
      email: 'meera@example.com',
      phone: '9876543210',
      role: 'Creator',
      followerCount: 120000,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.subject).toBe('Connect request: Creator');
    expect(res.body.data.message).toContain('Followers: 1,20,000');
    const bad = await api.post('/api/public/connect', {
      name: 'M',
      email: 'm@e.com',
      phone: '123',
      role: 'Editor',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Please enter a valid 10-digit phone number');
  });

  it('keeps the ticket list to admins', async () => {
    const creator = await createTestUser(server.db, 'creator');
    expect((await api.get('/api/admin/support-tickets')).status).toBe(401);
    expect((await api.get('/api/admin/support-tickets', { token: creator.token })).status).toBe(403);
    // Who may ask is decided before what was asked: a malformed query still gets 401/403, not 400.
    expect((await api.get('/api/admin/support-tickets?limit=nope')).status).toBe(401);
    expect((await api.get('/api/admin/support-tickets?limit=nope', { token: creator.token })).status).toBe(
      403,
    );
  });
});

describe('support rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_DISABLED: '0' });
  });
  afterAll(() => server?.close());

  it('answers 429 with a readable message after 10 tickets a minute from one IP', async () => {
    const api = apiClient(server.url);
    const body = { name: 'Spam', email: 'spam@example.com', message: 'again' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await api.post('/api/public/support', body)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const last = await api.post('/api/public/support', body);
    expect(last.status).toBe(429);
    // Without TRUST_PROXY a client cannot pick another address with X-Forwarded-For to escape the limit.
    const forged = await api.post('/api/public/support', body, {
      headers: { 'x-forwarded-for': '10.9.8.7' },
    });
    expect(forged.status).toBe(429);
    expect(last.body.message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
  });
});
