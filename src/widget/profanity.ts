// Profanity filter (docs/behaviour.md#profanity). Pure: no React, no I/O, no module-level mutable state.
//
// A word is a maximal run of letters, combining marks, digits and underscore (Unicode-aware,
// so "cabrón" is one word and "película" does not contain "culo"). Each word is folded
// (lower case, accents stripped, ñ kept) and looked up in a Set built once per filter.
// A found word is replaced by one placeholder per character; everything else is untouched.

import { ENGLISH_PROFANITY, SPANISH_INSULTS } from './profanity-words'

export { ENGLISH_PROFANITY, SPANISH_INSULTS }

export interface ProfanityOptions {
  /** Repeated once per character of a censored word. Default `'*'`; `''` removes the word. */
  placeholder?: string
  /** Words that are never censored, even if built-in or in `extraWords`. */
  exclude?: readonly string[]
  /** Additional words to censor. */
  extraWords?: readonly string[]
}

export interface ProfanityFilter {
  clean(text: string): string
  isProfane(text: string): boolean
}

/** Source of the word pattern; a fresh RegExp is made per call so no lastIndex is shared. */
const WORD_SOURCE = '[\\p{L}\\p{M}\\p{N}_]+'
const DEFAULT_PLACEHOLDER = '*'

function wordPattern(): RegExp {
  return new RegExp(WORD_SOURCE, 'gu')
}

/**
 * Case- and accent-insensitive key for a word: lower case, NFD, combining marks removed —
 * except the tilde of ñ, so "coño" and "cono" (a cone) stay different words.
 */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, '\u00f1')
    .replace(/\p{M}/gu, '')
}

/** Number of characters shown for a word: code points of its composed (NFC) form. */
function charCount(word: string): number {
  return [...word.normalize('NFC')].length
}

function addAll(target: Set<string>, words: readonly unknown[] | undefined): void {
  if (!Array.isArray(words)) return
  for (const w of words) {
    if (typeof w !== 'string') continue
    const key = foldWord(w.trim())
    if (key !== '') target.add(key)
  }
}

export function createProfanityFilter(options: ProfanityOptions = {}): ProfanityFilter {
  const opts: ProfanityOptions = options ?? {}
  const placeholder = typeof opts.placeholder === 'string' ? opts.placeholder : DEFAULT_PLACEHOLDER

  const words = new Set<string>()
  addAll(words, ENGLISH_PROFANITY)
  addAll(words, SPANISH_INSULTS)
  addAll(words, opts.extraWords)
  const excluded = new Set<string>()
  addAll(excluded, opts.exclude)
  for (const w of excluded) words.delete(w)

  const isBad = (token: string): boolean => words.has(foldWord(token))

  return {
    clean(text: string): string {
      if (typeof text !== 'string' || text === '') return ''
      return text.replace(wordPattern(), (token) =>
        isBad(token) ? placeholder.repeat(charCount(token)) : token,
      )
    },
    isProfane(text: string): boolean {
      if (typeof text !== 'string' || text === '') return false
      for (const m of text.matchAll(wordPattern())) {
        if (isBad(m[0])) return true
      }
      return false
    },
  }
}
