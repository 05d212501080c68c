/**
 * The built-in intent entries: every file of `../intents/`, whatever its name, so adding an
 * intent is adding a file (docs/guides/add-an-intent.md). `import.meta.glob` is Vite's (the
 * tests); the esbuild bundles expand it the same way (scripts/esbuild-import-glob.mjs).
 */
import SEED from '../../../../../content/knowledge.json'
import type { IntentEntry } from './entry'
import { knowledgeIntents, type Knowledge } from './knowledge'
import { loadIntents, type IntentBook } from './load'

const modules = import.meta.glob<{ default: IntentEntry }>('../intents/*.ts', { eager: true })

/** In file-name order. */
export const BUILT_IN_INTENTS: readonly IntentEntry[] = Object.keys(modules)
  .sort()
  .map((file) => {
    const entry = modules[file]?.default
    if (!entry?.name) throw new Error(`${file}: an intent file exports its entry as default (defineIntent)`)
    return entry
  })

// A bundle built without the glob's expansion would have an agent that understands nothing: fail at start instead.
if (BUILT_IN_INTENTS.length === 0) throw new Error('no intent entries: was this bundle built with scripts/esbuild-import-glob.mjs?')

/** The demo agency's knowledge (content/knowledge.json): what an empty database is seeded with (docs/knowledge.md). */
export const SEED_KNOWLEDGE: readonly Knowledge[] = (SEED as { entries: Knowledge[] }).entries

/** The book of the folder with an agency's knowledge merged onto it (acts/knowledge.ts). */
export function bookWith(knowledge: readonly Knowledge[]): IntentBook {
  return loadIntents(BUILT_IN_INTENTS, knowledgeIntents(knowledge, BUILT_IN_INTENTS))
}

/**
 * The book of the folder and the seeded knowledge: what the build trains the classifier on (so a
 * server on a freshly seeded database loads that model), what the evaluation and the tests read.
 */
export const BUILT_IN_BOOK = bookWith(SEED_KNOWLEDGE)
