import { defineConfig } from 'vitest/config';

// Browser journeys against the real built server (fresh data directory, real SMTP capture, Chromium).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/failure-report.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
