import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The server suites' files in one pool (docs/testing.md#lanes): a suite's files together, the
 * suites in PROJECT_ORDER, and in each the longest first. Together, because a worker holds one
 * project's module graph (and, in e2e, its Chromium): a file of another project needs a new
 * worker, which imports the server again — mixing the suites file by file (tried) made that
 * dozens of new workers and 200 s more. In one pool, the workers the first suite frees as it ends
 * start the next suite's files, so no suite ends on one file while the other cores wait. Longest
 * first, so a suite ends with short files. Durations are seconds per file from a whole run
 * (`node scripts/file-durations.mjs` writes FILE_DURATIONS); a file not listed yet goes first.
 */
const FILE_DURATIONS = 'tests/support/file-durations.json'
const PROJECT_ORDER = ['integration-isolated', 'integration', 'e2e']

function durations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(FILE_DURATIONS, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = durations()
    const suite = (file: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(file.project.name)
      return index < 0 ? PROJECT_ORDER.length : index
    }
    const of = (file: TestSpecification) => seconds[relative(file.project.config.root, file.moduleId)] ?? Infinity
    return [...files].sort((a, b) => suite(a) - suite(b) || of(b) - of(a))
  }
}
