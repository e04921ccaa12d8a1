import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importPluginSetup } from './import-setup.js';
import { serverArchitectureFor } from './server-architecture.js';

// The server's architecture rules, run on a small tree of deliberate mistakes (eslint/fixtures/server):
// two modules in two layers and a kernel folder.
const root = path.resolve(import.meta.dirname, '..');
const src = 'eslint/fixtures/server/src';
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  ignore: false,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...importPluginSetup,
    ...serverArchitectureFor({ baseDir: root, srcDir: src, layers: [['low'], ['high']] }),
  ],
});

async function problems(file: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintFiles([path.join(root, src, file)]);
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('server architecture lint', () => {
  it('refuses a cross-module import of an internal file', async () => {
    expect(await problems('modules/high/imports-internal-file.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('from its face') },
    ]);
  });

  it('refuses a lower layer importing a higher one', async () => {
    expect(await problems('modules/low/imports-higher-layer.ts')).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('only modules of lower layers'),
      },
    ]);
  });

  it('refuses the kernel importing a module', async () => {
    expect(await problems('lib/imports-module.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('The kernel') },
    ]);
  });

  it('refuses an import cycle', async () => {
    expect(await problems('modules/high/cycle-a.ts')).toEqual([
      { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  });

  it('lets a module use a lower module through its face, and the kernel', async () => {
    expect(await problems('modules/high/clean.ts')).toEqual([]);
  });
});
