// `npm test`: type-check, make sure a Chromium exists, run every suite (unit + end-to-end),
// and end with the totals line `N passed, N failed` that CI counts.
// Extra arguments go to vitest, e.g. `npm test -- --project unit`.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { ensureChromium } from './chromium.mjs'

process.env.CHROMIUM_PATH = ensureChromium({ headlessShell: true })
mkdirSync('test-results', { recursive: true })

/** Run `args` with node; resolves with its exit code. `quiet` keeps its output until it ends, so two lanes never interleave. */
function run(args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env })
    const output = []
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk))
    running.add(child)
    child.on('close', (code, signal) => {
      running.delete(child)
      if (quiet) process.stdout.write(Buffer.concat(output))
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}
const running = new Set()
/** A type error stops the run: no suite starts after it. */
let stopped = false

/** One vitest run of `projects` (all of them for null), its JSON report in test-results/`name`.json. */
async function vitest(name, projects, options) {
  const results = `test-results/${name}.json`
  rmSync(results, { force: true })
  const projectArgs = projects ? projects.flatMap((project) => ['--project', project]) : []
  const status = await run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...projectArgs, ...extra], options)
  return { results, status }
}

// Two lanes side by side on the machine's cores (docs/testing.md#lanes): the type check then the
// unit tests, which start nothing; and the build, then the server suites (integration and
// end-to-end) in one vitest run, one pool of files longest first (vitest.config.ts,
// tests/support/longest-first.ts), so a suite's long files never wait for the other suite's end.
const extra = process.argv.slice(2)
const selected = extra.some((arg) => arg.startsWith('--project'))
/**
 * The build both server suites need, once (each vitest run would otherwise build again:
 * tests/support/build.ts skips it when TEST_BUILT is set).
 */
async function buildOnce() {
  const status = await run(['build.mjs'], { quiet: true })
  if (status !== 0) return false
  process.env.TEST_BUILT = '1'
  return true
}
const typecheck = () => run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { quiet: true })

const built = selected ? null : buildOnce()
const lanes = selected
  ? [typecheck().then((status) => (status === 0 ? vitest('selected', null) : { typecheckFailed: true }))]
  : [
      typecheck().then((status) => (status === 0 ? vitest('unit', ['unit', 'unit-isolated'], { quiet: true }) : { typecheckFailed: true })),
      built.then(async (ok) => {
        if (!ok) return { buildFailed: true }
        return vitest('servers', ['integration', 'integration-isolated', 'e2e'])
      }),
    ]
const outcomes = await Promise.all(
  lanes.map((lane) =>
    lane.then((outcome) => {
      // A type error fails the run at once, as before the suites ran side by side.
      if (outcome.typecheckFailed) {
        stopped = true
        for (const child of running) child.kill('SIGTERM')
      }
      return outcome
    }),
  ),
).then((each) => each.flat())

if (outcomes.some((outcome) => outcome.buildFailed)) {
  console.error('The build failed (node build.mjs): fix the errors above.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}
if (outcomes.some((outcome) => outcome.typecheckFailed)) {
  console.error('Type check failed (tsc --noEmit): fix the errors above.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const totals = { passed: 0, failed: 0, skipped: 0 }
let ok = true
for (const { results, status } of outcomes) {
  try {
    const report = JSON.parse(readFileSync(results, 'utf8'))
    // A file that fails to load counts as a failure even though none of its tests ran.
    const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length
    totals.passed += report.numPassedTests
    totals.failed += report.numFailedTests + brokenFiles
    totals.skipped += report.numPendingTests + report.numTodoTests
    if (status !== 0 && report.numFailedTests + brokenFiles === 0) totals.failed++ // e.g. a global setup failed
  } catch {
    console.error(`No test report at ${results}: vitest did not finish.`)
    totals.failed++
  }
  ok &&= status === 0
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(ok && totals.failed === 0 ? 0 : 1)
