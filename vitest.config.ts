import { defineConfig } from 'vitest/config'

// Three projects: unit tests of pure modules (jsdom where a DOM is needed, set per file with
// `// @vitest-environment jsdom`), integration tests (the real server and databases over real
// HTTP and sockets, no browser) and end-to-end tests (real server + real Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine keeps timings honest.
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
