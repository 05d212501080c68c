/**
 * Time limits named for what a test waits for, so a busy machine slows a test down instead of
 * failing it, and a limit that is reached says which wait ran out.
 */

/**
 * One start-up of the embedded database, as every test server on a fresh directory does: PGlite
 * opening its directory, the migrations and the catalogue seeding. Measured on this 2-core
 * machine: about 1 s from a copy of the initialised template (`embedded.ts`), 3–4.5 s when PGlite
 * runs initdb itself, plus about 1.5 s for the first start-up in a process (WebAssembly
 * compilation); past 30 s with a load average of 25 (eight builds and browsers sharing the
 * two cores), so the limit is for a hang, not for a slow machine.
 */
export const EMBEDDED_START_MS = 60_000

/**
 * A chat acknowledgement (a message stored, a history read): a few ms on a quiet machine; a burst
 * of 200 messages to one server timed out at 5 s with a load average of 10, so the limit is for
 * an acknowledgement that never comes, not for a slow one.
 */
export const ACK_MS = 20_000

/** Launching Chromium: about 1 s on this machine, far more while other suites share the cores. */
export const CHROMIUM_LAUNCH_MS = 20_000

/** A test's own work once its servers run: a few chat turns, requests or queries. */
export const TEST_WORK_MS = 30_000

/**
 * A test that uploads, decodes and resizes photos (sharp, and libheif's WebAssembly for HEIC):
 * seconds on a quiet machine; past 30 s in the whole suite, other files' servers and browsers
 * sharing the two cores. The limit is for a hang, not for a slow machine.
 */
export const IMAGE_WORK_MS = 120_000

/** A browser test's own work: several page loads, hydrations and chat turns in Chromium. */
export const BROWSER_TEST_MS = 60_000

/**
 * One page load and hydration in Chromium, for tests that visit many pages: about 0.5 s on this
 * machine, 2.7 s on average with other suites sharing the cores (22 routes in 59.8 s).
 */
export const PAGE_VISIT_MS = 6_000

/** How long an e2e expect.poll waits for what a user would see (vitest's default is 1 s). */
export const POLL_MS = 5_000

/** The limit of a test that starts the embedded database `starts` times, then does `workMs` of work. */
export const withEmbeddedStarts = (starts: number, workMs = TEST_WORK_MS) => starts * EMBEDDED_START_MS + workMs
