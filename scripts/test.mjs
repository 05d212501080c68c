// `npm test`: type-check, make sure a Chromium exists, run every suite (unit + end-to-end),
// and end with the totals line `N passed, N failed` that CI counts.
// Extra arguments go to vitest, e.g. `npm test -- --project unit`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { ensureChromium } from './chromium.mjs'


const typecheck = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' })
if (typecheck.status !== 0) {
  console.error('Type check failed (tsc --noEmit): fix the errors above.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

process.env.CHROMIUM_PATH = ensureChromium()
mkdirSync('test-results', { recursive: true })

// The suites run one after another: integration and end-to-end tests start real servers and
// browsers, and on a 2-core machine running them side by side only makes their timings flaky.
const extra = process.argv.slice(2)
const suites = extra.some((arg) => arg.startsWith('--project')) ? [null] : ['unit', 'integration', 'e2e']
const totals = { passed: 0, failed: 0, skipped: 0 }
let ok = true
for (const suite of suites) {
  const results = `test-results/${suite ?? 'selected'}.json`
  rmSync(results, { force: true })
  const vitest = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...(suite ? ['--project', suite] : []), ...extra],
    { stdio: 'inherit', env: process.env },
  )
  try {
    const report = JSON.parse(readFileSync(results, 'utf8'))
    // A file that fails to load counts as a failure even though none of its tests ran.
    const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length
    totals.passed += report.numPassedTests
    totals.failed += report.numFailedTests + brokenFiles
    totals.skipped += report.numPendingTests + report.numTodoTests
    if (vitest.status !== 0 && report.numFailedTests + brokenFiles === 0) totals.failed++ // e.g. a global setup failed
  } catch {
    console.error(`No test report at ${results}: vitest did not finish.`)
    totals.failed++
  }
  ok &&= vitest.status === 0
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(ok && totals.failed === 0 ? 0 : 1)
