import { execFileSync } from 'node:child_process'

/**
 * Global setup: build what `npm start` serves (dist/widget.js, the prerendered site, the console)
 * before a suite that requests pages from the real server; a fresh clone has no dist/.
 */
export default function build() {
  execFileSync(process.execPath, ['build.mjs'], { stdio: 'inherit' })
}
