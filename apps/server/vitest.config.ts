import { defineConfig } from 'vitest/config';

// API integration tests: the real server in-process on a random port, against PGlite by default and
// against PostgreSQL when TEST_DATABASE_URL is set (each test file gets its own database from a template).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
