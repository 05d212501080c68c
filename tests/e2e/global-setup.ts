// @ts-expect-error plain ESM helper shared with scripts/test.mjs, no types needed
import { ensureChromium } from '../../scripts/chromium.mjs'
import build from '../support/build'

/** Build the real dist/widget.js once and make sure a Chromium exists before any e2e file runs. */
export default function setup() {
  build()
  process.env.CHROMIUM_PATH = ensureChromium({ headlessShell: true })
}
