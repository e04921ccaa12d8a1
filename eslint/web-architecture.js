// The web app's map, enforced (apps/web/src):
//
//   app/        the shell: route table, layout (navbar, footer), providers, server rendering. Composes features.
//   features/*  one folder per domain (api/, components/, hooks/, utils/, admin/ for its admin screens).
//   components/ shared UI: the design system (ui/), the SEO head, blocks used by several features.
//   lib/        shared plumbing: API client, query client, realtime socket, dates; lib/auth: session, guards.
//   testing/    helpers and fixtures for tests only.
//
// Imports go one way: app → features → components / lib, never back. Between features, each may import
// only the features listed as its dependencies in FEATURES below, and only through their index.ts. The
// app's route table loads a feature's screens through its routes.ts (lazy imports only): the route table
// is in the first chunk the browser downloads, which carries everything it imports statically, and an
// index.ts re-exports code that only other screens need. A test (*.test.ts[x]) may import the internals
// of the feature it sits in, like the feature's own files. No import cycle anywhere in the app.
//
// Inside the shared layer: lib/ depends on nothing else of the app, components/ may use lib/, and the
// route guards of lib/auth may use components/ (a spinner while the session resolves), so components/
// may not use lib/auth.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every feature with the features it may import, lowest first: a feature lists only features before it
 * (checked below), so the order is one-way and features cannot import each other in a circle.
 */
export const FEATURES = {
  auth: [],
  support: [],
  pages: ['support'],
  payments: [],
  reviews: [],
  files: [],
  orders: ['payments', 'reviews', 'files'],
  delivery: ['payments', 'orders', 'files'],
  disputes: ['orders', 'delivery', 'payments'],
  chat: ['orders', 'delivery', 'disputes'],
  notifications: ['chat'],
  portfolio: ['auth', 'chat', 'orders', 'reviews'],
  profile: ['orders', 'payments', 'portfolio', 'reviews'],
  earnings: ['profile'],
  tax: [],
  reconciliation: [],
  admin: ['tax'],
};

const names = Object.keys(FEATURES);
for (const [feature, deps] of Object.entries(FEATURES)) {
  for (const dep of deps) {
    if (!(dep in FEATURES)) throw new Error(`web-architecture: ${feature} depends on unknown feature ${dep}`);
    if (names.indexOf(dep) >= names.indexOf(feature)) {
      throw new Error(
        `web-architecture: ${feature} may only depend on features listed before it, not ${dep}`,
      );
    }
  }
}

/**
 * The rules for an app laid out as above under `srcDir` (relative to the repository root). The lint test
 * (web-architecture.test.ts) applies them to a small app of the same layout in eslint/fixtures/web.
 */
export function webArchitectureFor(srcDir) {
  const src = path.join(repoRoot, srcDir);
  const at = (...parts) => path.join(src, ...parts);
  const feature = (name) => at('features', name);
  const topLevelFiles = [at('*.ts'), at('*.tsx')];
  const zones = [
    {
      target: [at('components'), at('lib'), at('testing')],
      from: [at('features'), at('app')],
      message: 'Shared code (components, lib, testing) must not depend on features or on the app.',
    },
    {
      target: [at('lib', '*.{ts,tsx}'), at('lib', '!(auth)', '**')],
      from: at('components'),
      message: 'lib/ must not depend on components/ (only the route guards of lib/auth do).',
    },
    {
      target: at('components'),
      from: at('lib', 'auth'),
      message: 'components/ must not depend on lib/auth (lib/auth depends on components/).',
    },
    {
      target: at('features'),
      from: at('app'),
      message: 'A feature must not import the app layer: the app composes features.',
    },
  ];
  // Only tests may use testing/: the rule for test files (below) leaves this zone out.
  const testingZone = {
    target: [at('app'), at('components'), at('features'), at('lib'), ...topLevelFiles],
    from: at('testing'),
    message: 'testing/ holds helpers for tests only.',
  };
  for (const [name, deps] of Object.entries(FEATURES)) {
    const others = names.filter((n) => n !== name);
    // Outside the feature, only its public face: index.ts, and for the app's route table routes.ts.
    zones.push(
      {
        target: [at('components'), at('lib'), at('testing'), ...topLevelFiles, ...others.map(feature)],
        from: feature(name),
        except: ['./index.ts'],
        message: `Import the ${name} feature through its index.ts (features/${name}), not its internal files.`,
      },
      {
        target: at('app'),
        from: feature(name),
        except: ['./index.ts', './routes.ts'],
        message: `Import the ${name} feature through its index.ts, or its screens through its routes.ts.`,
      },
    );
    // Only the features it depends on.
    const forbidden = others.filter((n) => !deps.includes(n));
    if (forbidden.length) {
      zones.push({
        target: feature(name),
        from: forbidden.map(feature),
        message: deps.length
          ? `The ${name} feature may import only these features: ${deps.join(', ')} (FEATURES in eslint/web-architecture.js).`
          : `The ${name} feature may not import other features (FEATURES in eslint/web-architecture.js).`,
      });
    }
  }

  return [
    {
      files: [`${srcDir}/**/*.{ts,tsx}`],
      // The plugin reads only .js files of the modules an import reaches unless told otherwise: without this,
      // no-cycle cannot follow TypeScript imports and passes silently.
      settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: [...zones, testingZone] }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      // Tests, and the helpers a feature's tests share (<name>.test-helpers.tsx), may use testing/.
      files: [`${srcDir}/**/*.test.{ts,tsx}`, `${srcDir}/**/*.test-helpers.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones }],
      },
    },
  ];
}

export const webArchitecture = webArchitectureFor('apps/web/src');
