/**
 * The shape of one intent entry (docs/agent-data.md): everything the agent knows about one thing a
 * visitor can ask, in one place and under one name. The name is the classifier's label, the
 * intent the flows test with `has(u, name)` and the key of its answer. Entries are data: a file
 * under `intents/` exports one with `defineIntent`, and the loader (load.ts) builds the
 * classifier's corpus, the rules, the cue and veto tables and the answers from all of them.
 */
import type { Property } from '../../../../catalogue/model'
import type { Language } from '../language'
import type { Phrases } from '../phrases'
import type { AgencyCalendar } from '../schedule'
import type { AgencyChannels } from '../types'
import type { AgencyValues } from '../../../../shared/agency-placeholders'
import type { Understanding } from '../understanding'

/** What a rule knows about the message besides its words. */
export interface MessageFacts {
  /** The message names search criteria (a type, a zone, a budget…). */
  hasCriteria: boolean
  /** Its only criterion is an operation («en renta»). */
  onlyOperation: boolean
  /** Six words or fewer («sí», «ok gracias»). */
  short: boolean
  /** Nothing but spaces, punctuation or symbols. */
  empty: boolean
  /** The message as written (emoji included). */
  raw: string
  /** Folded text before typo correction. */
  folded: string
  /** The message gives the visitor's own phone or e-mail. */
  givesContact: boolean
  /** The message gives the visitor's name. */
  named: boolean
  /** The search criteria it names. */
  criteria: Understanding['criteria']
}

/** What reconciling the classifier with the rules knows: the intents the rules read. */
export interface ReadFacts extends MessageFacts {
  ruled: ReadonlySet<string>
}

/** What an answer may depend on. */
export interface AnswerContext {
  u: Understanding
  /** Whether the message also asks `intent` (answers that combine: hours and location). */
  asked(intent: string): boolean
  /** The property discussed, when it was looked up. */
  property: Property | null
  /** Results are on screen. */
  searching: boolean
  /** The visitor said they sell or rent out their own. */
  seller: boolean
  agency: string
  channels: AgencyChannels
  /** The agency's week and closures («¿abren el sábado?»). */
  calendar: AgencyCalendar
  /** What fills the {placeholders} of a knowledge answer, per language: the profile as it is now. */
  placeholders: Record<Language, AgencyValues>
  /** The message's moment (a day named is read against it). */
  now: Date
  language: Language
  /** Everything else the agent says, in the visitor's language (phrases.ts, phrases-en.ts). */
  say: Phrases
  /**
   * The agency's own answer to this entry's question, in the visitor's language (or the other
   * one when it was written in one only), its {placeholders} filled, when the entry is knowledge
   * (docs/knowledge.md): an answer function that only adapts it to the conversation returns it.
   */
  knowledge?: string
}

/**
 * What comes after an answer: 'adviser' ends it offering an adviser (a «sí» then asks for the
 * contact data); 'none' says this answer must not offer one, whatever the others do.
 */
export type FollowUp = 'adviser' | 'none'

/** An answer: its text, or its text and what follows it. */
export type Reply = string | { text: string; followUp: FollowUp }

/** An answer in one language: a fixed text, or one made from the context (null: nothing to say here). */
export type Answer = string | ((c: AnswerContext) => Reply | null)

export interface IntentEntry {
  /** One name for the intent everywhere (classifier label, rule intent, answer key). */
  name: string
  /**
   * The classifier's training utterances, folded-looking Mexican Spanish and English. An entry
   * without examples is read by its rule alone (never a classifier topic).
   */
  examples?: { es: readonly string[]; en: readonly string[] }
  /**
   * Where its examples go in the classifier's training (lower first; entries without a rank after
   * them, by name). NLP.js's network depends on the order documents are added: the ranks keep the
   * order the corpus was tuned with, so a new entry does not reshuffle the others.
   */
  rank?: number
  /**
   * The rule: the message says this intent in words, whatever the classifier thinks. `text` is
   * the folded, typo-corrected message as space-padded words (« hola que tal »).
   */
  says?: Words | ((text: string, m: MessageFacts) => boolean)
  /**
   * A general question (about renting, paying or living in Cancún) no listing answers: when its
   * rule reads it, the classifier's topic is not trusted (it would answer the nearest thing).
   */
  general?: boolean
  /** When the rule read it, what in the message still rules it out («un cuarto» with 2+ bedrooms is bedrooms). */
  unless?: (m: MessageFacts) => boolean
  /**
   * Cue words: the classifier's topic is trusted only when the message has one of them
   * («quiero rentar una casa» is no seller's «quiero rentar mi casa»).
   */
  cue?: Words
  /** When the classifier's topic is not trusted although its cue is there. */
  distrust?: (m: ReadFacts) => boolean
  /** The rule intents this topic cancels when the classifier reads it (a question about a property is not a visit). */
  vetoes?: readonly string[]
  /** Under this topic the search still runs (a greeting with criteria, a question about results). */
  keepsSearching?: boolean
  /** The answer per language; or one function that picks the language from the context. */
  answer?: Partial<Record<Language, Answer>> | ((c: AnswerContext) => Reply | null)
  /** What follows every answer of this entry (a Reply can override it). */
  followUp?: FollowUp
  /** Where its answer goes among those of one message (lower first; 100 when absent). */
  order?: number
  /**
   * The agency's answer when the entry is knowledge (docs/knowledge.md: stored in the database,
   * merged onto this entry by acts/knowledge.ts); an `answer` function reads it as `c.knowledge`.
   */
  knowledge?: Partial<Record<Language, string>>
}

/**
 * Words a rule or a cue looks for: a regular expression over the folded message, or — plain data,
 * as an agency's own entries will be stored — phrases, any of which (folded: no accents, lower
 * case) found as whole words.
 */
export type Words = RegExp | readonly string[]

/** An entry as the book holds it: its phrases compiled. */
export interface LoadedIntent extends Omit<IntentEntry, 'says' | 'cue'> {
  says?: RegExp | ((text: string, m: MessageFacts) => boolean)
  cue?: RegExp
}

/** Identity, typed: a data file reads `export default defineIntent({ … })`. */
export function defineIntent(entry: IntentEntry): IntentEntry {
  return entry
}
