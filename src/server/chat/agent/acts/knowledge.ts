/**
 * The agency's knowledge as intent entries (docs/knowledge.md). A stored entry gives what the
 * agency knows — how visitors ask (the classifier's examples), the answer per language, whether
 * an adviser is offered — and is merged onto the folder's entry of the same name when there is
 * one: that entry is then only how the question is read (its rule, cue, vetoes, training rank,
 * answer order, and an answer function that adapts the stored text to the conversation). An
 * entry the agency added has no such reading: its own examples, said exactly, are its rule, so it
 * is answered before the classifier is trained again with them.
 */
import type { KnowledgeEntry } from '../../../../protocol/knowledge'
import { foldText } from '../../../../domain/fold'
import type { IntentEntry, MessageFacts } from './entry'

/** What the agent reads of a stored entry. */
export type Knowledge = Pick<KnowledgeEntry, 'name' | 'examples' | 'answer' | 'adviser'>

/** Folded words, space-separated: how an example and a message are compared. */
function words(text: string): string {
  return foldText(text).split(/[^a-z0-9]+/).filter(Boolean).join(' ')
}

/** The entries of `knowledge`, each merged onto the reading of the same name among `readings`. */
export function knowledgeIntents(knowledge: readonly Knowledge[], readings: readonly IntentEntry[]): IntentEntry[] {
  const byName = new Map(readings.map((entry) => [entry.name, entry]))
  return knowledge.map((entry) => {
    const texts = { es: entry.answer.es, ...(entry.answer.en ? { en: entry.answer.en } : {}) }
    const examples = { es: entry.examples.es, en: entry.examples.en }
    const followUp = entry.adviser ? ('adviser' as const) : undefined
    const reading = byName.get(entry.name)
    if (reading) {
      const { examples: _examples, followUp: _followUp, ...rules } = reading
      return { ...rules, examples, knowledge: texts, ...(followUp ? { followUp } : {}) }
    }
    const said = new Set([...examples.es, ...examples.en].map(words).filter(Boolean))
    return {
      name: entry.name,
      examples,
      // Folded before and after typo correction: a word the corrector does not know («criptomonedas») may have been changed.
      says: (text: string, m: MessageFacts) => said.has(words(text)) || said.has(words(m.folded)),
      knowledge: texts,
      ...(followUp ? { followUp } : {}),
    }
  })
}

/**
 * The intent name of a new entry, made once from its title («¿Aceptan criptomonedas?» →
 * `aceptanCriptomonedas`): letters only, as the loader requires, and none that `taken` holds (the
 * folder's entries, so a new entry never takes over a built-in reading, and the stored ones).
 */
export function knowledgeName(title: string, taken: ReadonlySet<string>): string {
  const words = foldText(title).replace(/[^a-z ]+/g, ' ').split(' ').filter(Boolean).slice(0, 5)
  const base = words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('') || 'tema'
  let name = base
  for (let n = 0; taken.has(name); n++) name = `${base}${String.fromCharCode(65 + (n % 26)).repeat(1 + Math.floor(n / 26))}`
  return name
}
