/**
 * Which intents a message carries (docs/agent-data.md): every entry's rule over the message's
 * words, reconciled with the classifier's topic by the entries' own cue words, distrust and
 * vetoes. Pure; the book says everything, this code knows no intent by name.
 */
import type { Classification } from '../classifier'
import type { MessageFacts, ReadFacts } from './entry'
import type { IntentBook } from './load'
import type { Intent } from './names'

export interface ReadIntents {
  /** Every intent the message carries (the rules', minus those the topic vetoes, plus the topic). */
  intents: Intent[]
  /** The classifier's topic when trusted (null: not confident, not cued, or a general question overrides it). */
  topic: string | null
}

/** Six words or fewer: a bare «sí» or «no» is read only in a message this short. */
const SHORT = 6

/**
 * `full`: the folded, typo-corrected message as space-padded words; `facts`: what else it says
 * (entities); `classification`: the classifier's reading, if any.
 */
export function readIntents(full: string, facts: Omit<MessageFacts, 'short'>, classification: Classification | undefined, book: IntentBook): ReadIntents {
  // «estacionamiento de visitas» is an amenity, not a visit.
  const text = full.replace(/\bestacionamiento (?:de|para) visitas?\b/g, ' ')
  const m: MessageFacts = { ...facts, short: text.trim().split(' ').filter(Boolean).length <= SHORT }
  const ruled = new Set<Intent>()
  const general: Intent[] = []
  for (const entry of book.rules) {
    const words = entry.general ? full : text
    const says = typeof entry.says === 'function' ? entry.says(words, m) : entry.says?.test(words) === true
    if (!says || entry.unless?.(m)) continue
    if (entry.general) general.push(entry.name)
    else ruled.add(entry.name)
  }
  const classified = classification?.topic ?? null
  const entry = classified === null ? undefined : book.entries.get(classified)
  const read: ReadFacts = { ...m, ruled }
  // A topic without one of its cue words, or one its entry distrusts here, is the classifier's guess: the rules decide.
  const cued = entry !== undefined && (!entry.cue || entry.cue.test(full) || entry.cue.test(m.folded))
  const trusted = cued && !entry.distrust?.(read) ? classified : null
  // A general question is that question: the classifier's nearest topic (a property question, the ways to buy) is not trusted.
  const topic = general.length ? null : trusted
  const vetoed = new Set(topic === null ? [] : book.entries.get(topic)?.vetoes ?? [])
  const intents = [...[...ruled].filter((intent) => !vetoed.has(intent)), ...general]
  if (topic !== null && !intents.includes(topic)) intents.push(topic)
  return { intents, topic }
}
