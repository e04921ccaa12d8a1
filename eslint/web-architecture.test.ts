import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { webArchitectureFor } from './web-architecture.js';

// The web app's architecture rules, run through ESLint's Node API with the repository's own config (the
// import-x plugin and its TypeScript resolver), on the small app in eslint/fixtures/web/src; the fixture
// folder is ignored by the normal lint run, hence `ignore: false`.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = 'eslint/fixtures/web/src';
const RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

type Found = { rule: string | null; line: number; message: string };
let results: Map<string, Found[]>;

beforeAll(async () => {
  const eslint = new ESLint({ cwd: repoRoot, ignore: false, overrideConfig: webArchitectureFor(fixtures) });
  const linted = await eslint.lintFiles([`${fixtures}/**/*.ts`]);
  results = new Map(
    linted.map((r) => [
      path.relative(path.join(repoRoot, fixtures), r.filePath),
      r.messages
        .filter((m) => m.ruleId === null || RULES.includes(m.ruleId))
        .map((m) => ({ rule: m.ruleId, line: m.line, message: m.message })),
    ]),
  );
}, 60_000);

const found = (file: string) => {
  const messages = results.get(file);
  if (!messages) throw new Error(`${file} was not linted`);
  return messages;
};

describe('web architecture lint rules', () => {
  it('reject a feature importing another feature’s internal file instead of its index.ts', () => {
    expect(found('features/chat/components/imports-internal-file.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining('Import the orders feature through its index.ts'),
      },
    ]);
  });

  it('reject a feature importing one it may not depend on (the one-way feature order)', () => {
    expect(found('features/orders/components/imports-higher-feature.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining(
          'The orders feature may import only these features: payments, reviews',
        ),
      },
    ]);
  });

  it('reject an import cycle, in each of its files', () => {
    for (const file of ['features/orders/utils/cycle-a.ts', 'features/orders/utils/cycle-b.ts']) {
      expect(found(file)).toEqual([
        { rule: 'import-x/no-cycle', line: 2, message: 'Dependency cycle detected' },
      ]);
    }
  });

  it('reject shared code importing a feature, a feature importing the app, and lib importing components', () => {
    expect(found('components/imports-feature.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining(
          'Shared code (components, lib, testing) must not depend on features',
        ),
      },
    ]);
    expect(found('features/chat/components/imports-app.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining('A feature must not import the app layer'),
      },
    ]);
    expect(found('lib/imports-components.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining('lib/ must not depend on components/'),
      },
    ]);
  });

  it('keep testing/ for tests', () => {
    expect(found('components/imports-testing.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        line: 2,
        message: expect.stringContaining('testing/ holds helpers for tests only'),
      },
    ]);
    expect(found('features/orders/components/order-card.test.ts')).toEqual([]);
  });

  it('let clean files through: public faces, allowed features, shared code, the route table', () => {
    const clean = [
      'app/router.ts',
      'components/button.ts',
      'features/chat/components/chat-badge.ts',
      'features/chat/index.ts',
      'features/orders/components/order-card.ts',
      'features/orders/index.ts',
      'features/orders/routes.ts',
      'features/payments/index.ts',
      'lib/auth/guard.ts',
      'lib/cn.ts',
      'testing/fixtures.ts',
    ];
    for (const file of clean) expect({ file, messages: found(file) }).toEqual({ file, messages: [] });
    // Every fixture is accounted for above or in another test.
    expect(results.size).toBe(clean.length + 9);
  });

  it('apply to the app itself: the repository config catches a component importing a feature', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const [result] = await eslint.lintText(
      "import { ordersApi } from '../features/orders';\n\nexport const x = ordersApi;\n",
      {
        filePath: path.join(repoRoot, 'apps/web/src/components/lint-probe.ts'),
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths']);
  }, 60_000);
});
