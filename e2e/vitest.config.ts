import { defineConfig } from 'vitest/config';

// Browser journeys against the real built server (fresh data directory, real SMTP capture, Chromium).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/failure-report.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll gives up after 1 s by default: on a loaded two-core CI machine a page can take longer to
    // move the focus or re-render (a keyboard test failed that way). Playwright's own waits allow 15 s.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    pool: 'forks',
  },
});
