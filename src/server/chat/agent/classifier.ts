/**
 * The intent classifier (docs/behaviour.md#agent-understanding): NLP.js (a small neural network
 * over stemmed words, Spanish and English) trained once per process, at the first message, from
 * the utterances in corpus.ts. No downloads, no I/O: training is computation over the corpus.
 * Below the confidence threshold the topic is `null` and the dialogue falls back to asking.
 */
import { containerBootstrap } from '@nlpjs/core'
import { LangEn } from '@nlpjs/lang-en-min'
import { LangEs } from '@nlpjs/lang-es'
import { Nlp, type NlpResult } from '@nlpjs/nlp'
import { CORPUS, TOPICS, type Topic } from './corpus'
import type { Language } from './language'
import { foldText } from './text'

/** Under this score the classifier is guessing: the agent asks instead of answering. */
export const CONFIDENCE_THRESHOLD = 0.5
/** Words are compared by their first letters (a rough stem: "rentar" = "renta", "casas" = "casa"). */
const STEM_LENGTH = 4
/** Words too common to be evidence of any topic. */
const FILLER = new Set(
  `de del la las el los lo un una unos unas que en y o a al por para con se me mi su sus tu te es son the a an of to in on is are it i you
  my your and or for do does can`.split(/\s+/),
)

/** The stems of the words that can tell a topic. */
function stems(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !FILLER.has(w))
    .map((w) => w.slice(0, STEM_LENGTH))
}

export interface Classification {
  topic: Topic | null
  score: number
}

export type Classify = (text: string, language: Language) => Promise<Classification>

/** The classifier of a process, and what it is made of. */
export interface Trained {
  classify: Classify
  /**
   * The intent and score `nlp.process(language, text)` gives, from its classifier alone: the rest
   * of process() (answers, actions, entities, sentiment, a conversation context) is not read here
   * and was most of its cost. A test holds both to the same answers over the corpus and the
   * evaluation's messages.
   */
  intentOf(language: Language, text: string): Promise<NlpResult>
  /** The trained NLP.js itself. */
  nlp: Nlp
}

let trained: Promise<Trained> | null = null

/** The trained classifier; trained on the first call, shared by every agent of the process. */
export function classifier(): Promise<Trained> {
  trained ??= train().catch((error: unknown) => {
    trained = null
    throw error
  })
  return trained
}

async function train(): Promise<Trained> {
  const container = await containerBootstrap()
  container.use(LangEs)
  container.use(LangEn)
  const nlp = new Nlp({ languages: ['es', 'en'], autoSave: false, autoLoad: false, nlu: { log: false } }, container)
  for (const topic of [...TOPICS, 'none'] as const) {
    for (const utterance of CORPUS[topic].es) nlp.addDocument('es', utterance, topic)
    for (const utterance of CORPUS[topic].en) nlp.addDocument('en', utterance, topic)
  }
  await nlp.train()
  // The network answers confidently even for words it never saw ("lo de ayer"): a topic also needs one word in common with its utterances.
  const evidence = new Map(TOPICS.map((topic) => [topic, new Set(stems([...CORPUS[topic].es, ...CORPUS[topic].en].join(' ')))]))
  const intentOf = async (language: Language, text: string): Promise<NlpResult> => {
    const output = await nlp.nluManager.process({ locale: language, utterance: text, settings: { ...nlp.settings.nlu } })
    return output.score < nlp.settings.threshold ? { intent: 'None', score: 1 } : output
  }
  const classify: Classify = async (text, language) => {
    const result = await intentOf(language, text)
    const topic = (TOPICS as readonly string[]).includes(result.intent) ? (result.intent as Topic) : null
    const seen = topic ? stems(text).some((stem) => evidence.get(topic)?.has(stem)) : false
    return topic && seen && result.score >= CONFIDENCE_THRESHOLD ? { topic, score: result.score } : { topic: null, score: result.score }
  }
  return { classify, intentOf, nlp }
}
