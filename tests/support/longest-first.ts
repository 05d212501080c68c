import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The server suites' files in one pool, longest first (docs/testing.md#lanes): the files that
 * wait longest (a kill -9 and its restart, 43 accessibility audits) start at once and the short
 * ones fill the workers around them, so the run ends with the last short file instead of
 * starting a long one near the end. Durations are seconds of wall time per file from a whole
 * run's report (`node scripts/file-durations.mjs` writes them to FILE_DURATIONS); a file not
 * listed yet goes first, as vitest's own sequencer does with unknown files.
 */
const FILE_DURATIONS = 'tests/support/file-durations.json'

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
    const of = (file: TestSpecification) => seconds[relative(file.project.config.root, file.moduleId)] ?? Infinity
    return [...files].sort((a, b) => of(b) - of(a))
  }
}
