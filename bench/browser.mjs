// Shared by the browser parts of the bench: one headless Chromium whose contexts never leave loopback.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.mjs'

export async function launchChromium() {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS })
}

/** A context whose requests never leave the machine: anything but loopback is aborted (as tests/e2e/harness.ts). */
export async function isolatedContext(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort())
  return context
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Nearest-rank percentile. */
export const percentile = (values, p) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}
