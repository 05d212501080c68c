// Writes tests/support/file-durations.json from the last `npm test`'s reports (test-results/*.json):
// each server-suite file's wall time in seconds, which tests/support/longest-first.ts orders the
// files by. Run it after a whole `npm test` when files were added or changed much.
import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'

const seconds = {}
for (const report of ['test-results/servers.json']) {
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    seconds[relative(process.cwd(), file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a))
writeFileSync('tests/support/file-durations.json', `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`tests/support/file-durations.json: ${Object.keys(sorted).length} files`)
