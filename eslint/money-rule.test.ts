import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { moneyRule } from './money-rule.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// Only the rule and a parser that reads TypeScript: nothing of the repository's eslint.config.js.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...moneyRule],
});

async function problems(code: string, filePath = 'apps/server/src/modules/example.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe('the money lint rule', () => {
  it('refuses paise / 100 and points to rupeesFromPaise', async () => {
    const found = await problems('export const amount = (paise: number) => paise / 100;\n');
    expect(found).toHaveLength(1);
    expect(found[0]!.rule).toBe('no-restricted-syntax');
    expect(found[0]!.message).toMatch(/rupeesFromPaise\(paise\)/);
    expect(found[0]!.message).toMatch(/money module of @cutroom\/contracts/);
    expect(found[0]!.message).toMatch(/percentOf\(amount, percent\)/);
  });

  it('refuses Math.round(rupees * 100) once, pointing to paiseFromRupees', async () => {
    const found = await problems('export const p = (rupees: number) => Math.round(rupees * 100);\n');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/paiseFromRupees\(rupees\)/);
  });

  it('refuses a bare * 100 and 100 * x, in TSX too', async () => {
    const code = [
      'export const a = (r: number) => r * 100;',
      'export const b = (r: number) => 100 * r;',
      'export const C = ({ p }: { p: number }) => <span>{p / 100}</span>;',
      '',
    ].join('\n');
    const found = await problems(code, 'apps/web/src/features/example.tsx');
    expect(found.map((f) => f.line)).toEqual([1, 2, 3]);
  });

  it('lets the money module’s functions, sizes and other numbers pass', async () => {
    const code = [
      "import { formatPaise, paiseFromRupees, percentOf, rupeesFromPaise } from '@cutroom/contracts';",
      'export const amount = (paise: number) => rupeesFromPaise(paise);',
      'export const stored = (rupees: number) => paiseFromRupees(rupees);',
      'export const shown = (paise: number) => formatPaise(paise);',
      'export const commission = (paise: number, fee: number) => percentOf(paise, fee);',
      'export const MAX_BYTES = 100 * 1024 * 1024;',
      'export const tenth = (n: number) => n / 10 + n * 1000;',
      '',
    ].join('\n');
    expect(await problems(code)).toEqual([]);
  });

  it('applies to apps and packages sources, not to money.ts itself or to tests outside src', async () => {
    const code = 'export const amount = (paise: number) => paise / 100;\n';
    expect(await problems(code, 'packages/contracts/src/payments.ts')).toHaveLength(1);
    expect(await problems(code, 'packages/contracts/src/money.ts')).toEqual([]);
    expect(await problems(code, 'apps/server/test/fakes/example.ts')).toEqual([]);
  });
});
