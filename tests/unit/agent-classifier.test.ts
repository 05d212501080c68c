// The agent asks NLP.js's classifier alone, with process()'s threshold, instead of nlp.process()
// (docs/behaviour.md#agent-understanding): a shortcut that must give the same intent and score
// as process() on every phrase the agent was trained or is evaluated on, in both its languages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { classifier, loadClassifier, saveClassifierModel, train } from '../../src/server/chat/agent/classifier'
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

// The build saves the trained model and the server loads it at start (classifier.ts): the loaded
// model must answer as a fresh training does, and a model of another corpus must not be loaded.
describe('the saved classifier model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'classifier-model-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('gives the intents, scores and topics of a fresh training on the corpus and the evaluation phrases', async () => {
    const file = join(dir, 'classifier-model.json')
    await saveClassifierModel(file)
    const [loaded, fresh] = [(await loadClassifier(file))!, await train()]
    expect(loaded).not.toBeNull()
    const differences: string[] = []
    for (const language of LANGUAGES) {
      for (const text of PHRASES) {
        const [a, b] = [await loaded.classify(text, language), await fresh.classify(text, language)]
        const [x, y] = [await loaded.intentOf(language, text), await fresh.intentOf(language, text)]
        if (a.topic !== b.topic || a.score !== b.score || x.intent !== y.intent || x.score !== y.score) differences.push(`${language} «${text}»`)
      }
    }
    expect(differences).toEqual([])
  })

  it('is not loaded when missing or trained on another corpus, so the server trains instead', async () => {
    const file = join(dir, 'other-corpus.json')
    writeFileSync(file, JSON.stringify({ corpus: 'another corpus', model: {} }))
    expect(await loadClassifier(file)).toBeNull()
    expect(await loadClassifier(join(dir, 'missing.json'))).toBeNull()
  })
})
