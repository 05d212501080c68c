/**
 * The agency's knowledge as the agent reads it, kept current (docs/knowledge.md#live): the entries
 * are read from the database at start and after every change (made here through the console, or
 * in another process and announced through Redis, redis.ts). The new book is used at once — its
 * rules and answers, so an added entry's own examples are answered by the next message — while
 * the classifier is trained for it in a thread of its own (agent/classifier-worker.ts); the one
 * trained before keeps classifying meanwhile, and the new one takes over when it is ready.
 */
import { bookWith } from './agent/acts/builtin'
import { foldText } from '../../domain/fold'
import type { Knowing } from './agent/agent'
import { classifierFor, type Classify, type Trained } from './agent/classifier'
import type { Storage } from '../storage'
import { faultLines, log } from '../safe-log'

export interface LiveKnowledge {
  /**
   * The book and the classifier to answer the next message with, once every change told before
   * it is read: a console save tells its change before it answers, so a message sent after the
   * save's answer is answered by the saved entry (docs/knowledge.md#live).
   */
  now(): Promise<Knowing>
  /** Read the entries and train again (called on every change; exported for the tests). */
  reload(): Promise<void>
  /** The classifier for the current book is trained and in use. */
  trained(): Promise<void>
  close(): void
}

export async function liveKnowledge(knowledge: Storage['knowledge']): Promise<LiveKnowledge> {
  let book = bookWith(await knowledge.list())
  /** The classifier in use: the one trained for the latest book, or the previous one while that trains. */
  let current: Promise<Trained> = classifierFor(book.corpus, book.topics)
  const failed = (error: unknown) => log.error('knowledge-training', `[agent] the classifier could not be trained for the knowledge base: ${faultLines(error)}`)
  let training: Promise<void> = current.then(() => undefined, failed)
  let running = false
  /** The book changed while a training ran: it trains once more when that one ends. */
  let stale = false
  const classify: Classify = async (text, language) => (await current).classify(text, language)

  const train = async (): Promise<void> => {
    running = true
    try {
      do {
        stale = false
        const target = book
        try {
          const trained = await classifierFor(target.corpus, target.topics)
          current = Promise.resolve(trained)
        } catch (error) {
          failed(error)
        }
      } while (stale)
    } finally {
      running = false
    }
  }

  /** Changes are read one after the other, in the order they were told. */
  let reading: Promise<void> = Promise.resolve()
  const reload = (): Promise<void> => {
    reading = reading.then(async () => {
      try {
        book = bookWith(await knowledge.list())
      } catch (error) {
        log.error('knowledge-load', `[agent] the knowledge base could not be read: ${faultLines(error)}`)
        return
      }
      if (running) stale = true
      else training = training.then(train)
    })
    return reading
  }
  const stop = knowledge.onChange(() => void reload())
  return {
    now: async () => {
      await reading
      return { book, classify }
    },
    reload,
    async trained() {
      await reading
      let seen: Promise<void> | undefined
      while (seen !== training) {
        seen = training
        await seen
      }
    },
    close: stop,
  }
}

/** The longest unmatched question kept (longer ones are cut). */
const QUESTION_MAX = 200

/**
 * What is kept of a message nothing answered (docs/knowledge.md#unmatched): its words folded (no
 * case, accents or punctuation), so the same question counts once however it was typed; null for
 * one that may carry a visitor's data (a phone number, an e-mail), which is not kept.
 */
export function unmatchedQuestion(text: string): string | null {
  if (/@|\d[\d\s().-]{6,}\d/.test(text)) return null
  const words = foldText(text).split(/[^a-z0-9ñ]+/).filter(Boolean).join(' ').slice(0, QUESTION_MAX).trim()
  return words.length >= 2 ? words : null
}
