// The server's map, enforced (ARCHITECTURE.md explains it). Three rules:
// 1. A module shows others one face: its index.ts. Nothing outside a module imports its other files.
// 2. Layers point one way: the kernel (config, db, lib, events, plugins) imports no module, and a module
//    imports only modules of lower layers. A reaction that would point up is a domain event instead.
// 3. No import cycles, at any distance.
import path from 'node:path';

/** Server modules by layer, lowest first. A module may import modules of lower layers only. */
export const SERVER_MODULE_LAYERS = [
  ['notifications'],
  ['auth'],
  ['media', 'portfolio', 'chat', 'payments', 'tax'],
  ['orders', 'reviews', 'moderation', 'support', 'site'],
  ['files', 'payouts', 'disputes'],
  ['delivery', 'dashboard', 'invoices'],
];

/** The kernel every module may use; it imports no module. */
export const SERVER_KERNEL = ['config.ts', 'db', 'lib', 'events', 'plugins'];

/** The composition root: builds the app from the modules' faces. */
export const SERVER_ROOT = ['app.ts', 'main.ts'];

/**
 * The rules for a server tree at `srcDir` (relative to `baseDir`): used for apps/server/src, and by the
 * rule's own test for a small fixture tree.
 */
export function serverArchitectureFor({ baseDir, srcDir, layers = SERVER_MODULE_LAYERS }) {
  const at = (...p) => path.join(srcDir, ...p);
  const modules = layers.flat();
  const layerOf = new Map(layers.flatMap((names, i) => names.map((n) => [n, i])));
  const zones = [];
  for (const name of modules) {
    const elsewhere = [
      ...modules.filter((m) => m !== name).map((m) => at('modules', m)),
      ...SERVER_KERNEL.map((k) => at(k)),
      ...SERVER_ROOT.map((r) => at(r)),
    ];
    zones.push({
      target: elsewhere,
      from: at('modules', name),
      except: ['./index.ts'],
      message: `Import the ${name} module from its face (modules/${name}/index.ts), not from its internal files.`,
    });
    const higher = modules.filter((m) => layerOf.get(m) >= layerOf.get(name) && m !== name);
    if (higher.length > 0) {
      zones.push({
        target: at('modules', name),
        from: higher.map((m) => at('modules', m)),
        message: `${name} is in layer ${layerOf.get(name)}: it may import only modules of lower layers (eslint/server-architecture.js). React to a higher module through a domain event (src/events) instead.`,
      });
    }
  }
  zones.push({
    target: SERVER_KERNEL.map((k) => at(k)),
    from: [at('modules'), ...SERVER_ROOT.map((r) => at(r))],
    message:
      'The kernel (config, db, lib, events, plugins) imports no module: modules build on it, not the other way.',
  });
  return [
    {
      files: [`${srcDir}/**/*.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: baseDir, zones }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}

export const serverArchitecture = serverArchitectureFor({
  baseDir: path.resolve(import.meta.dirname, '..'),
  srcDir: 'apps/server/src',
});
