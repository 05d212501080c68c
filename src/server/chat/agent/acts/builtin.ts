/**
 * The built-in intent entries: every file of `../intents/`, whatever its name, so adding an
 * intent is adding a file (docs/guides/add-an-intent.md). `import.meta.glob` is Vite's (the
 * tests); the esbuild bundles expand it the same way (scripts/esbuild-import-glob.mjs).
 */
import type { IntentEntry } from './entry'
import { loadIntents } from './load'

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

/** The book of the built-in entries alone: what the build trains the classifier on, and what an agency without entries of its own answers from. */
export const BUILT_IN_BOOK = loadIntents(BUILT_IN_INTENTS)
