import { execFileSync } from 'node:child_process'
// @ts-expect-error plain ESM helper shared with scripts/test.mjs, no types needed
import { ensureChromium } from '../../scripts/chromium.mjs'

/** Build the real dist/widget.js once and make sure a Chromium exists before any e2e file runs. */
export default function setup() {
  execFileSync(process.execPath, ['build.mjs'], { stdio: 'inherit' })
  process.env.CHROMIUM_PATH = ensureChromium()
}
