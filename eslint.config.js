import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importPluginSetup } from './eslint/import-setup.js';
import { serverArchitecture } from './eslint/server-architecture.js';
import { webArchitecture } from './eslint/web-architecture.js';
import { moneyRule } from './eslint/money-rule.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/drizzle/**',
      'e2e/artifacts/**',
      // Deliberately broken code that the architecture lint test feeds to ESLint.
      'eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...importPluginSetup,
  ...serverArchitecture,
  ...webArchitecture,
  // Last: it owns no-restricted-syntax for source files (see money-rule.js before adding another).
  ...moneyRule,
);
