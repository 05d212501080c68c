import { defineConfig } from 'vitest/config'
import { BROWSER_TEST_MS, POLL_MS, TEST_WORK_MS } from './tests/support/limits.js'
import LongestFirst from './tests/support/longest-first.js'

// Three projects: unit tests of pure modules (jsdom where a DOM is needed, set per file with
// `// @vitest-environment jsdom`), integration tests (the real server and databases over real
// HTTP and sockets, no browser) and end-to-end tests (real server + real Chromium).
// The default limits cover a test's own work; a test or hook that starts servers or Chromium
// adds the limit of each start-up (tests/support/limits.ts). `npm test` runs the unit project
// beside the other two (scripts/test.mjs); integration and e2e share one build and one template
// database per run (tests/support/once-per-run.ts).
/**
 * Server-suite files at once: the integration and end-to-end files run in one pool
 * (docs/testing.md#lanes), longest first (tests/support/longest-first.ts). Their tests mostly
 * wait (a server's reply delay, a reconnection, a page's network), so on a 2-core machine several
 * files side by side use the cores a single file leaves idle; each starts its own servers on free
 * ports, with databases and Redis prefixes of its own, and each browser file its worker's Chromium.
 */
const SERVER_SUITE_FILES_AT_ONCE = Number(process.env.TEST_FILES_AT_ONCE) || 4
/** The unit projects run as their own group, after the server suites when one run has both. */
const UNIT_GROUP = 1

/**
 * The server suites' files share their worker's modules (isolate: false): the server's module
 * graph, imported once per worker instead of once per file, was 200 s of a run's CPU, and the
 * e2e files share their worker's Chromium (tests/e2e/harness.ts). A file that replaces a module
 * (vi.mock) needs a module graph of its own: it is listed here and runs isolated.
 */
const REPLACES_MODULES = ['tests/integration/embedded-thread.test.ts']
/**
 * The unit files share their worker's modules too (60 s -> 27 s for the project), but for these:
 * three replace a module (vi.mock); visitor.test.ts reads the widget's visitor record, which its
 * module keeps from the first page it saw; client-router.test.ts starts the site's router on its
 * own jsdom page, and failed in the whole run only (after another file's page had loaded the
 * router's modules), passing alone even on a loaded machine.
 */
const UNIT_ISOLATED = [
  'tests/unit/client-router.test.ts',
  'tests/unit/console-queries.test.tsx',
  'tests/unit/format.test.ts',
  'tests/unit/render.test.ts',
  'tests/unit/visitor.test.ts',
]
const UNIT = {
  environment: 'node' as const,
  sequence: { groupOrder: UNIT_GROUP },
  // Some unit tests render or parse 20,000-character inputs: correctness, not speed, is
  // asserted, so a loaded machine must not turn them into timeouts.
  testTimeout: TEST_WORK_MS,
}
const INTEGRATION = {
  environment: 'node' as const,
  testTimeout: TEST_WORK_MS,
  hookTimeout: TEST_WORK_MS,
  maxWorkers: SERVER_SUITE_FILES_AT_ONCE,
  // Some integration tests request the site's pages (rendered by dist/server/site-renderer.mjs): build first, as e2e does.
  globalSetup: ['tests/support/memory-tmpdir.ts', 'tests/support/build.ts', 'tests/support/embedded-template.ts', 'tests/support/postgres-template.ts'],
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: { ...UNIT, name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: UNIT_ISOLATED, isolate: false },
      },
      {
        test: { ...UNIT, name: 'unit-isolated', include: UNIT_ISOLATED },
      },
      {
        test: { ...INTEGRATION, name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: REPLACES_MODULES, isolate: false },
      },
      {
        test: { ...INTEGRATION, name: 'integration-isolated', include: REPLACES_MODULES },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: BROWSER_TEST_MS,
          hookTimeout: BROWSER_TEST_MS,
          // Timings are the bench's (npm run bench), not the tests': files run side by side.
          maxWorkers: SERVER_SUITE_FILES_AT_ONCE,
          isolate: false,
          // expect.poll waits for what a user would see; its 1 s default turned a refused
          // handshake's retry under the whole suite's load into a failure (the outcome, not its speed, is asserted).
          // Polled every 100 ms (vitest's 50): each poll is a round trip through Chromium's protocol.
          expect: { poll: { timeout: POLL_MS, interval: 100 } },
          globalSetup: ['tests/support/memory-tmpdir.ts', 'tests/e2e/global-setup.ts', 'tests/support/embedded-template.ts'],
        },
      },
    ],
  },
})
