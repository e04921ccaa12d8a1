import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, serverModules } from '../src/app';
import { chatModule } from '../src/modules/chat';
import { notificationsModule } from '../src/modules/notifications';
import { ordersModule } from '../src/modules/orders';
import { payoutsModule } from '../src/modules/payouts';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { testConfig } from './helpers/server';

/** What fastify-plugin records of a plugin: the name it registers under and the names it needs before it. */
const metaOf = (plugin: FastifyPluginAsync) =>
  (plugin as unknown as Record<symbol, { name?: string; dependencies?: string[] }>)[
    Symbol.for('plugin-meta')
  ]!;

/** The kernel plugins app.ts registers before any module. */
const KERNEL = ['realtime', 'current-user', 'editor-catalogue', 'jobs'];

describe('the composition root (app.ts)', () => {
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-root-'));
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const build = (modules: readonly FastifyPluginAsync[]) =>
    buildApp(testConfig(dataDir, testDb), { database: testDb.database, modules });

  it('names every module and registers each after every plugin it declares it needs', () => {
    const before = new Set(KERNEL);
    for (const module of serverModules) {
      const { name, dependencies = [] } = metaOf(module);
      expect(name, 'every module plugin has a name').toBeTruthy();
      for (const needed of dependencies) expect(before, `${name} needs ${needed}`).toContain(needed);
      before.add(name!);
    }
    expect(before.size).toBe(KERNEL.length + serverModules.length);
  });

  it('refuses to start when a module is registered before a module it needs, naming that module', async () => {
    // Orders moved ahead of chat, whose service it uses.
    const wrong = serverModules.filter((m) => m !== ordersModule);
    wrong.splice(wrong.indexOf(chatModule), 0, ordersModule);
    await expect(build(wrong)).rejects.toThrow("The dependency 'chat' of plugin 'orders' is not registered");
  });

  it('refuses to start when a module it needs is missing', async () => {
    const withoutNotifications = serverModules.filter((m) => m !== notificationsModule);
    await expect(build(withoutNotifications)).rejects.toThrow(
      "The dependency 'notifications' of plugin 'support' is not registered",
    );
  });

  it('refuses payouts registered before orders, whose events its ledger follows', async () => {
    const wrong = serverModules.filter((m) => m !== payoutsModule);
    wrong.splice(wrong.indexOf(ordersModule), 0, payoutsModule);
    await expect(build(wrong)).rejects.toThrow(
      "The dependency 'orders' of plugin 'payouts' is not registered",
    );
  });

  it('starts with the modules in their order, each route under /api as before', async () => {
    const app = await build(serverModules);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public/site-config' });
      expect(res.statusCode).toBe(200);
      // Services are made once and decorated, not looked up in hidden registries.
      expect(app.hasDecorator('chat')).toBe(true);
      expect(app.hasDecorator('orderKernel')).toBe(true);
      expect(app.hasDecorator('notifier')).toBe(true);
      expect(app.hasDecorator('paymentGateways')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
