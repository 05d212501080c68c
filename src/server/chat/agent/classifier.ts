/**
 * The intent classifier (docs/behaviour.md#agent-understanding): NLP.js (a small neural network
 * over stemmed words, Spanish and English) trained from the utterances in corpus.ts (the intent entries' examples). The build
 * trains it once and saves the model beside the server (CLASSIFIER_MODEL); a process loads that
 * file when it was trained on the same corpus, and trains again itself when it is missing or stale.
 * Below the confidence threshold the topic is `null` and the dialogue falls back to asking.
 */
import { createHash } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Nlp, NlpResult } from '@nlpjs/nlp'
import type { Corpus } from './acts/load'
import type { TrainingRequest } from './classifier-worker'
import { CORPUS, TOPICS, type Topic } from './corpus'
import type { Language } from './language'
import { foldText } from '../../../domain/fold'
import { trainedNlp, untrained } from './training'

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

/**
 * The model the build saves (build.mjs): beside the server's bundle, or, run from the TypeScript
 * sources (the tests), the built one in dist/, as the database thread is found (storage/database.ts).
 */
export const CLASSIFIER_MODEL = new URL(import.meta.url.endsWith('.ts') ? '../../../../dist/server/classifier-model.json' : './classifier-model.json', import.meta.url)

/** What a model was trained on: the corpus and its training order. */
export function corpusKey(corpus: Corpus, topics: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify([topics, corpus])).digest('hex')
}

/** What a saved model was trained on: a model of another corpus is not loaded. */
const CORPUS_HASH = corpusKey(CORPUS, TOPICS)

interface SavedModel {
  corpus: string
  model: unknown
}

let trained: Promise<Trained> | null = null

/** The classifier of the process: loaded or trained on the first call, shared by every agent of the process. */
export function classifier(): Promise<Trained> {
  trained ??= loadOrTrain().catch((error: unknown) => {
    trained = null
    throw error
  })
  return trained
}

async function loadOrTrain(): Promise<Trained> {
  return (await loadClassifier()) ?? train()
}

/** The classifier saved in `file`, or null when there is none or it was trained on another corpus (the caller trains). */
export async function loadClassifier(file: URL | string = CLASSIFIER_MODEL): Promise<Trained | null> {
  let saved: SavedModel
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as SavedModel
  } catch {
    return null
  }
  if (saved.corpus !== CORPUS_HASH) return null
  const nlp = await untrained()
  nlp.fromJSON(saved.model)
  return classifierOf(nlp, CORPUS, TOPICS)
}

/** Train on the corpus now and save the model where `classifier()` looks for it (the build calls this). */
export async function saveClassifierModel(file: URL | string = CLASSIFIER_MODEL): Promise<void> {
  const { nlp } = await train()
  const saved: SavedModel = { corpus: CORPUS_HASH, model: nlp.toJSON() }
  // Written whole, then renamed: a server starting meanwhile reads the old file or the new one.
  const partial = `${file instanceof URL ? fileURLToPath(file) : file}.${process.pid}.partial`
  await writeFile(partial, JSON.stringify(saved))
  await rename(partial, file)
}

/** A fresh training on the corpus, never the saved model (a test compares the two). */
export async function train(): Promise<Trained> {
  return classifierOf(await trainedNlp(CORPUS, TOPICS), CORPUS, TOPICS)
}

/**
 * The classifier of another corpus (an agency's knowledge base, docs/knowledge.md#training):
 * the process's own when the corpus is the built one's, else trained in a thread of its own
 * (classifier-worker.ts) so that the server's thread keeps answering meanwhile; in this thread
 * when that one cannot start (run from the sources without a build).
 */
export async function classifierFor(corpus: Corpus, topics: readonly string[]): Promise<Trained> {
  if (corpusKey(corpus, topics) === CORPUS_HASH) return classifier()
  let model: unknown
  try {
    model = await trainInThread({ corpus, topics })
  } catch (error) {
    if (!(error instanceof ThreadMissing)) throw error
    return classifierOf(await trainedNlp(corpus, topics), corpus, topics)
  }
  const nlp = await untrained()
  nlp.fromJSON(model)
  return classifierOf(nlp, corpus, topics)
}

/** The training thread, built beside the server's bundle; run from the sources, the built one in dist/ (as storage/database.ts finds its thread). */
const TRAINING_SCRIPT = new URL(import.meta.url.endsWith('.ts') ? '../../../../dist/server/classifier-worker.mjs' : './classifier-worker.mjs', import.meta.url)

class ThreadMissing extends Error {}

function trainInThread(request: TrainingRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let worker: Worker
    try {
      worker = new Worker(TRAINING_SCRIPT)
    } catch (error) {
      return reject(new ThreadMissing(String(error)))
    }
    // A training under way does not keep a closing process alive.
    worker.unref()
    let answered = false
    worker.once('message', (reply: { model?: unknown; error?: string }) => {
      answered = true
      void worker.terminate()
      if (reply.error !== undefined) reject(new Error(`the classifier's training failed: ${reply.error}`))
      else resolve(reply.model)
    })
    worker.once('error', (error: NodeJS.ErrnoException) => {
      answered = true
      reject(error.code === 'ERR_MODULE_NOT_FOUND' ? new ThreadMissing(error.message) : error)
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the classifier's training thread stopped (exit code ${code})`))
    })
    worker.postMessage(request)
  })
}

/** The classifier over a trained (or loaded) NLP.js, trained on `corpus`. */
function classifierOf(nlp: Nlp, corpus: Corpus, topics: readonly string[]): Trained {
  // The network answers confidently even for words it never saw ("lo de ayer"): a topic also needs one word in common with its utterances.
  const evidence = new Map(topics.map((topic) => [topic, new Set(stems([...(corpus[topic]?.es ?? []), ...(corpus[topic]?.en ?? [])].join(' ')))]))
  const intentOf = async (language: Language, text: string): Promise<NlpResult> => {
    const output = await nlp.nluManager.process({ locale: language, utterance: text, settings: { ...nlp.settings.nlu } })
    return output.score < nlp.settings.threshold ? { intent: 'None', score: 1 } : output
  }
  const classify: Classify = async (text, language) => {
    const result = await intentOf(language, text)
    const topic = topics.includes(result.intent) ? result.intent : null
    const seen = topic ? stems(text).some((stem) => evidence.get(topic)?.has(stem)) : false
    return topic && seen && result.score >= CONFIDENCE_THRESHOLD ? { topic, score: result.score } : { topic: null, score: result.score }
  }
  return { classify, intentOf, nlp }
}
