// The agent asks NLP.js's classifier alone, with process()'s threshold, instead of nlp.process()
// (docs/behaviour.md#agent-understanding): a shortcut that must give the same intent and score
// as process() on every phrase the agent was trained or is evaluated on, in both its languages.
import { describe, expect, it } from 'vitest'
import { classifier } from '../../src/server/chat/agent/classifier'
import { CORPUS, TOPICS } from '../../src/server/chat/agent/corpus'
import type { Language } from '../../src/server/chat/agent/language'
import { CONVERSATIONS, MESSAGES } from '../../eval/agent/cases'

const LANGUAGES: readonly Language[] = ['es', 'en']

/** The training utterances and the held-out evaluation's messages, without repeats. */
const PHRASES = [
  ...new Set([
    ...Object.values(CORPUS).flatMap(({ es, en }) => [...es, ...en]),
    ...MESSAGES.map((turn) => turn.text),
    ...CONVERSATIONS.flatMap((conversation) => conversation.turns.map((turn) => turn.text)),
  ]),
]

describe('the classifier shortcut', () => {
  it('gives the intent and score of nlp.process() on the corpus and the evaluation phrases', async () => {
    const { intentOf, nlp } = await classifier()
    const differences: string[] = []
    const intents = new Set<string>()
    for (const language of LANGUAGES) {
      for (const text of PHRASES) {
        const [fast, full] = [await intentOf(language, text), await nlp.process(language, text)]
        intents.add(full.intent)
        if (fast.intent !== full.intent || fast.score !== full.score) {
          differences.push(`${language} «${text}»: ${fast.intent} ${fast.score} ≠ ${full.intent} ${full.score}`)
        }
      }
    }
    expect(differences).toEqual([])
    // Both sides of the threshold were compared: every topic, and process()'s 'None' under it.
    expect([...intents].sort()).toEqual(expect.arrayContaining(['None', ...TOPICS]))
  })
})
