// `npm test`: type-check, make sure a Chromium exists, run every suite (unit + end-to-end),
// and end with the totals line `N passed, N failed` that CI counts.
// Extra arguments go to vitest, e.g. `npm test -- --project unit`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { ensureChromium } from './chromium.mjs'

const RESULTS = 'test-results/vitest.json'

const typecheck = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' })
if (typecheck.status !== 0) {
  console.error('Type check failed (tsc --noEmit): fix the errors above.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

process.env.CHROMIUM_PATH = ensureChromium()
mkdirSync('test-results', { recursive: true })
rmSync(RESULTS, { force: true })
const vitest = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
)

let totals = { passed: 0, failed: 1, skipped: 0 }
try {
  const report = JSON.parse(readFileSync(RESULTS, 'utf8'))
  // A file that fails to load counts as a failure even though none of its tests ran.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length
  totals = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  }
} catch {
  console.error(`No test report at ${RESULTS}: vitest did not finish.`)
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(vitest.status === 0 && totals.failed === 0 ? 0 : 1)
