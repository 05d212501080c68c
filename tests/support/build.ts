import { execFileSync } from 'node:child_process'

/** Set once this vitest run has built: the integration and e2e projects both list this setup. */
const BUILT = Symbol.for('tests/support/build')

/**
 * Global setup: build what `npm start` serves (dist/widget.js, the site's bundles and renderer, the console,
 * the server and its trained classifier) before a suite that requests pages from the real server;
 * a fresh clone has no dist/. Once per run, however many projects list it (once-per-run.ts says why).
 */
export default function build() {
  const run = globalThis as Record<symbol, unknown>
  // `npm test` builds once before its suites (scripts/test.mjs) and says so.
  if (run[BUILT] || process.env.TEST_BUILT === '1') return
  execFileSync(process.execPath, ['build.mjs'], { stdio: 'inherit' })
  run[BUILT] = true
}
