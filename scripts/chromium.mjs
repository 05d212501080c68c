// Finds a Chromium for playwright-core, installing one when the machine has none (docs/testing.md):
// CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own; if none exists, try
// `playwright-core install chromium` (needs the internet), then `apt-get install -y chromium`
// (as root on Debian). Only when both fail does it stop, saying what to run. The tests ask for
// Chromium's headless shell first (ensureChromium({ headlessShell: true })).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

/** Flags for a headless Chromium on a machine with no network but loopback (and as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Test pages fulfilled by Playwright count as public; let them reach the loopback server.
  '--disable-features=LocalNetworkAccessChecks',
]

/**
 * Chromium's headless shell (Debian's chromium-headless-shell; Playwright's default for headless
 * tests): the same Blink and V8 without the desktop browser's layers, for about 40 % less CPU
 * per page load on this machine (docs/testing.md#suite-time). The binary itself: Debian's
 * /usr/bin/chromium-headless-shell is a shell script that does not exec it.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

function findChromium(headlessShell = false) {
  const candidates = [process.env.CHROMIUM_PATH, headlessShell && HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  try {
    candidates.push(chromium.executablePath())
  } catch {
    // playwright-core without a downloaded browser
  }
  return candidates.find((path) => path && existsSync(path))
}

function tryRun(command, args, env = process.env) {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env, timeout: 15 * 60_000 })
    return true
  } catch {
    return false
  }
}

/**
 * The Chromium to drive: CHROMIUM_PATH when set; for the tests (`headlessShell`) the headless
 * shell when the machine has it, else the full browser. The bench measures what a visitor's
 * browser does, so it keeps the full one.
 */
export function ensureChromium({ headlessShell = false } = {}) {
  const found = findChromium(headlessShell)
  if (found) return found
  console.log('No Chromium found: trying `playwright-core install chromium`…')
  if (tryRun(process.execPath, ['node_modules/playwright-core/cli.js', 'install', 'chromium']) && findChromium()) {
    return findChromium()
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Trying `apt-get install -y chromium`…')
    const apt = (args) => tryRun('apt-get', args, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' })
    if (apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']) && findChromium()) return findChromium()
  }
  throw new Error(
    'No Chromium for the end-to-end tests. Install one (`sudo apt-get install -y chromium` or ' +
      '`npx playwright-core install chromium`) or set CHROMIUM_PATH, then run `npm test` again.',
  )
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
