/**
 * The intent book (docs/agent-data.md): the entries of one or more sources, merged by name, and
 * what the agent builds from them — the classifier's corpus and topics, the rules, the cue and
 * veto tables, the answers in order. Sources are read in order and a later entry of the same
 * name replaces an earlier one: the built-in folder first, the agency's knowledge after it
 * (acts/knowledge.ts merges each stored entry onto the folder's reading of the same name,
 * docs/knowledge.md) — so an agency can answer a question its own way.
 */
import type { Language } from '../language'
import { fillPlaceholders } from '../../../../shared/agency-placeholders'
import { foldText } from '../../../../domain/fold'
import type { AnswerContext, IntentEntry, LoadedIntent, Reply, Words } from './entry'

/** The training utterances per topic, and 'none' for messages that say nothing the agent can act on. */
export type Corpus = Record<string, { es: readonly string[]; en: readonly string[] }>

export interface IntentBook {
  /** Every entry, by name. */
  entries: ReadonlyMap<string, LoadedIntent>
  /** The classifier's labels: the entries with examples, in training order (entry.rank, then name). */
  topics: readonly string[]
  /** The classifier's training set (topics plus 'none'). */
  corpus: Corpus
  /** Entries with a rule, in name order. */
  rules: readonly LoadedIntent[]
  /** Entries with an answer, in answer order. */
  answers: readonly LoadedIntent[]
  /** The answer of one entry in a context, or null. */
  answer(entry: LoadedIntent, c: AnswerContext): Reply | null
}

/** The name of the classifier's "nothing to act on" class: not an intent. */
export const NONE = 'none'

const NAME = /^[a-z][A-Za-z]*$/

/** One book from entries of several sources (later sources replace earlier entries of the same name). */
export function loadIntents(...sources: ReadonlyArray<readonly IntentEntry[]>): IntentBook {
  const entries = new Map<string, LoadedIntent>()
  for (const source of sources) {
    for (const entry of source) {
      if (!NAME.test(entry.name)) throw new Error(`intent entry: «${entry.name}» is no name (letters, starting lower-case)`)
      entries.set(entry.name, compiled(entry))
    }
  }
  const sorted = [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of sorted) {
    for (const vetoed of entry.vetoes ?? []) {
      if (!entries.has(vetoed)) throw new Error(`intent entry «${entry.name}» vetoes «${vetoed}», which no entry is`)
    }
  }
  const topics = sorted
    .filter((e) => e.name !== NONE && (e.examples?.es.length || e.examples?.en.length))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity))
    .map((e) => e.name)
  const corpus: Corpus = {}
  const none = entries.get(NONE)
  corpus[NONE] = { es: none?.examples?.es ?? [], en: none?.examples?.en ?? [] }
  for (const name of topics) {
    const examples = entries.get(name)?.examples
    corpus[name] = { es: examples?.es ?? [], en: examples?.en ?? [] }
  }
  const answers = sorted.filter((e) => e.answer !== undefined || e.knowledge !== undefined).sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
  return {
    entries,
    topics,
    corpus,
    rules: sorted.filter((e) => e.says !== undefined),
    answers,
    answer(entry, c) {
      // Filled in the language the text is written in: a Spanish-only entry tells an English visitor «español e inglés».
      const written = entry.knowledge?.[c.language] !== undefined ? c.language : otherThan(c.language)
      const text = entry.knowledge?.[written]
      const knowledge = text === undefined ? undefined : fillPlaceholders(text, c.placeholders[written])
      const context = knowledge === undefined ? c : { ...c, knowledge }
      const answer = typeof entry.answer === 'function' ? entry.answer : entry.answer?.[c.language] ?? entry.answer?.[otherThan(c.language)]
      if (answer === undefined) return knowledge ?? null
      return typeof answer === 'string' ? answer : answer(context)
    },
  }
}

/** The entry with its phrases compiled into regular expressions. */
function compiled(entry: IntentEntry): LoadedIntent {
  const { says, cue, ...rest } = entry
  return {
    ...rest,
    ...(says === undefined ? {} : { says: typeof says === 'function' ? says : wordsRegExp(says) }),
    ...(cue === undefined ? {} : { cue: wordsRegExp(cue) }),
  }
}

/** Phrases as one regular expression over folded, space-separated words. */
function wordsRegExp(words: Words): RegExp {
  if (words instanceof RegExp) return words
  const phrases = words.map((phrase) => foldText(phrase).split(/[^a-z0-9]+/).filter(Boolean).join(' ')).filter(Boolean)
  if (!phrases.length) return /(?!)/
  return new RegExp(`\\b(?:${phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`)
}

/** An entry written in one language only answers in it rather than not at all. */
function otherThan(language: Language): Language {
  return language === 'es' ? 'en' : 'es'
}
