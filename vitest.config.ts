import { defineConfig } from 'vitest/config';

// Unit tests live beside the code they test; API and browser tests have their own configs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'eslint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Deliberate mistakes that the lint tests feed to ESLint, not tests.
          exclude: ['**/node_modules/**', 'eslint/fixtures/**'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./apps/web/src/testing/setup.ts'],
        },
      },
    ],
  },
});
